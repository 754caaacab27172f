// The emails of a booked demo (issue 29), written into the outbox in the booking's transaction:
// the visitor's invite and the owner's, each with the same RFC 5545 invite (ics.ts: METHOD:REQUEST,
// the booking's stable UID and SEQUENCE, UTC times, the owner as organizer, both as attendees, the
// meeting as location), and the reminders 24 hours and 1 hour before, due then (a reminder whose
// moment has passed is not written). The outbox's claim sends each once, whatever the number of
// instances. The visitor's emails hold none of their words (decision 031): the time, the zone and
// the meeting are ours, and the invite names them by their address.
import { formatSlot } from '../../../common/booking-time.ts';
import type { EmailContent } from '../../../content/emails.schema.ts';
import type { NewOutboxMessage } from '../../db/repositories/outbox.ts';
import { bodyText, fill, headerText, inboxUrl, type MailSettings } from '../notifications.ts';
import type { ChosenBooking } from './booking-types.ts';
import { buildInvite, type Invite } from './ics.ts';

const HOUR = 3_600_000;
/** Reminders before the meeting: how long, and the words for it. */
const REMINDERS = [
  { before: 24 * HOUR, soon: 'day' },
  { before: HOUR, soon: 'hour' },
] as const;

/** What the booking's emails say about the request: staff emails name the visitor. */
export type BookedRequest = {
  id: number;
  name: string;
  company: string;
  email: string;
  createdAt: string;
};

type Context = { copy: EmailContent; settings: MailSettings; messageId: () => string };

/** The invite's UID domain: the site's host. */
const domainOf = (settings: MailSettings) => {
  try {
    return new URL(settings.siteUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
};

/** The invite of `booking` (the same for the visitor and the owner). */
export function bookingInvite(
  booking: ChosenBooking,
  request: BookedRequest,
  { copy, settings }: Pick<Context, 'copy' | 'settings'>,
  sequence = 0,
  method: Invite['method'] = 'REQUEST',
): string {
  const brand = settings.brand;
  const organizer = { name: booking.owner, email: booking.ownerEmail ?? settings.salesEmail };
  const invite: Invite = {
    method,
    uid: booking.uid,
    domain: domainOf(settings),
    sequence,
    start: booking.start,
    end: booking.end,
    stamp: request.createdAt,
    summary: fill(copy.bookingInvite.summary, { brand }),
    description: fill(copy.bookingInvite.description, { brand }),
    location: meetingLine(booking, copy, false),
    organizer,
    // The visitor is named by their address: their typed name stays out of their email.
    attendees: [organizer, { name: request.email, email: request.email }],
    productId: `-//${brand}//Demo booking//EN`,
  };
  return buildInvite(invite);
}

/** The meeting as words: the link (or, in a line of an email, "Join … at the time: link"), or a call. */
function meetingLine(booking: ChosenBooking, copy: EmailContent, sentence: boolean): string {
  if (!booking.meetingUrl) return copy.meeting.phone;
  return sentence ? fill(copy.meeting.video, { link: booking.meetingUrl }) : booking.meetingUrl;
}

/** The visitor's personal link as a line of their email, or nothing when links are off. */
function manageLine(booking: ChosenBooking, copy: EmailContent, settings: MailSettings): string[] {
  return settings.bookingLink
    ? [fill(copy.bookingInvite.manage, { link: settings.bookingLink(booking.uid, booking.end) })]
    : [];
}

/** Every email a new booking writes: both invites and the reminders still ahead. */
export function composeBookingEmails(
  booking: ChosenBooking,
  request: BookedRequest,
  context: Context,
): NewOutboxMessage[] {
  const { copy, settings, messageId } = context;
  const brand = settings.brand;
  const calendar = bookingInvite(booking, request, context);
  const about = {
    submissionKind: 'demo-requests' as const,
    submissionId: request.id,
    createdAt: request.createdAt,
    bookingUid: booking.uid,
  };
  const when = (zone: string) => formatSlot(booking.start, zone);
  const minutes = String(Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000));
  const name = headerText(request.name, 80);
  const company = headerText(request.company, 80);
  const signOff = fill(copy.demoConfirmation.signOff, { brand });
  const inbox = `${copy.inboxLink}\n${inboxUrl(settings, 'demo-requests', request.id)}`;
  const lines = (...parts: string[]) => parts.join('\n\n') + '\n';
  const messages: NewOutboxMessage[] = [
    {
      ...about,
      kind: 'booking-invite',
      recipient: request.email,
      replyTo: settings.salesEmail,
      subject: headerText(fill(copy.bookingInvite.subject, { brand, when: when(booking.timeZone) })),
      bodyText: lines(
        copy.demoConfirmation.greeting,
        fill(copy.bookingInvite.intro, { brand, when: when(booking.timeZone), zone: booking.timeZone, minutes }),
        meetingLine(booking, copy, true),
        ...manageLine(booking, copy, settings),
        copy.demoConfirmation.outro,
        signOff,
      ),
      messageId: messageId(),
      calendar,
    },
  ];
  if (booking.ownerEmail) {
    messages.push({
      ...about,
      kind: 'booking-invite-staff',
      recipient: booking.ownerEmail,
      replyTo: request.email,
      subject: headerText(fill(copy.bookingInviteStaff.subject, { name, company, when: when(booking.ownerTimeZone) })),
      bodyText: lines(
        fill(copy.bookingInviteStaff.intro, {
          when: when(booking.ownerTimeZone),
          zone: booking.ownerTimeZone,
          visitorWhen: when(booking.timeZone),
          visitorZone: booking.timeZone,
        }),
        meetingLine(booking, copy, true),
        fill(copy.bookingInviteStaff.reason, { reason: bodyText(booking.reason) }),
        inbox,
      ),
      messageId: messageId(),
      calendar,
    });
  }
  return [...messages, ...composeReminders(booking, request, context, request.createdAt)];
}

/** The reminders of `booking` still ahead at `at`. */
function composeReminders(
  booking: ChosenBooking,
  request: BookedRequest,
  context: Context,
  at: string,
): NewOutboxMessage[] {
  const { copy, settings, messageId } = context;
  const brand = settings.brand;
  const about = {
    submissionKind: 'demo-requests' as const,
    submissionId: request.id,
    createdAt: at,
    bookingUid: booking.uid,
  };
  const when = (zone: string) => formatSlot(booking.start, zone);
  const name = headerText(request.name, 80);
  const company = headerText(request.company, 80);
  const signOff = fill(copy.demoConfirmation.signOff, { brand });
  const inbox = `${copy.inboxLink}\n${inboxUrl(settings, 'demo-requests', request.id)}`;
  const lines = (...parts: string[]) => parts.join('\n\n') + '\n';
  const messages: NewOutboxMessage[] = [];
  for (const reminder of REMINDERS) {
    const due = Date.parse(booking.start) - reminder.before;
    if (due <= Date.parse(at)) continue;
    const dueAt = new Date(due).toISOString();
    const soon = copy.soon[reminder.soon];
    messages.push({
      ...about,
      kind: 'booking-reminder',
      recipient: request.email,
      replyTo: settings.salesEmail,
      subject: headerText(fill(copy.bookingReminder.subject, { brand, soon })),
      bodyText: lines(
        copy.demoConfirmation.greeting,
        fill(copy.bookingReminder.intro, { brand, soon, when: when(booking.timeZone), zone: booking.timeZone }),
        meetingLine(booking, copy, true),
        ...manageLine(booking, copy, settings),
        signOff,
      ),
      messageId: messageId(),
      dueAt,
    });
    if (!booking.ownerEmail) continue;
    messages.push({
      ...about,
      kind: 'booking-reminder-staff',
      recipient: booking.ownerEmail,
      replyTo: request.email,
      subject: headerText(fill(copy.bookingReminderStaff.subject, { name, company, soon })),
      bodyText: lines(
        fill(copy.bookingReminderStaff.intro, {
          name,
          company,
          soon,
          when: when(booking.ownerTimeZone),
          zone: booking.ownerTimeZone,
        }),
        meetingLine(booking, copy, true),
        inbox,
      ),
      messageId: messageId(),
      dueAt,
    });
  }
  return messages;
}

/** The emails of a moved or cancelled booking (written in the change's transaction, after its
 * pending reminders were dropped): the visitor's and the owner's invite with the same UID and the
 * next SEQUENCE (METHOD:REQUEST for a move, METHOD:CANCEL for a cancellation), a CANCEL to a
 * previous owner the move took it from, and a move's reminders still ahead. */
export function composeBookingChange(
  change: { before: ChosenBooking; after: ChosenBooking; sequence: number; status: 'booked' | 'cancelled' },
  request: BookedRequest,
  context: Context,
  at: string,
): NewOutboxMessage[] {
  const { copy, settings, messageId } = context;
  const { before, after, sequence } = change;
  const cancelled = change.status === 'cancelled';
  const booking = cancelled ? before : after;
  const stamped = { ...request, createdAt: at };
  const brand = settings.brand;
  const about = {
    submissionKind: 'demo-requests' as const,
    submissionId: request.id,
    createdAt: at,
    bookingUid: booking.uid,
  };
  const when = (zone: string) => formatSlot(booking.start, zone);
  const minutes = String(Math.round((Date.parse(booking.end) - Date.parse(booking.start)) / 60_000));
  const name = headerText(request.name, 80);
  const company = headerText(request.company, 80);
  const lines = (...parts: string[]) => parts.join('\n\n') + '\n';
  const words = copy.bookingChange;
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const calendar = bookingInvite(booking, stamped, context, sequence, method);
  const messages: NewOutboxMessage[] = [
    {
      ...about,
      kind: 'booking-invite',
      recipient: request.email,
      replyTo: settings.salesEmail,
      subject: headerText(
        fill(cancelled ? words.cancelledSubject : words.movedSubject, { brand, when: when(booking.timeZone) }),
      ),
      bodyText: lines(
        copy.demoConfirmation.greeting,
        fill(cancelled ? words.cancelledIntro : words.movedIntro, {
          brand,
          when: when(booking.timeZone),
          zone: booking.timeZone,
          minutes,
        }),
        ...(cancelled ? [] : [meetingLine(booking, copy, true), ...manageLine(booking, copy, settings)]),
        fill(copy.demoConfirmation.signOff, { brand }),
      ),
      messageId: messageId(),
      calendar,
    },
  ];
  const staffEmail = (to: ChosenBooking, gone: boolean) => {
    if (!to.ownerEmail) return;
    const ownerWhen = formatSlot(gone ? before.start : to.start, to.ownerTimeZone);
    messages.push({
      ...about,
      kind: 'booking-invite-staff',
      recipient: to.ownerEmail,
      replyTo: request.email,
      subject: headerText(
        fill(gone ? words.staffCancelledSubject : words.staffMovedSubject, { name, company, when: ownerWhen }),
      ),
      bodyText: lines(
        fill(gone ? words.staffCancelledIntro : words.staffMovedIntro, {
          name,
          company,
          when: ownerWhen,
          zone: to.ownerTimeZone,
          visitorWhen: when(booking.timeZone),
          visitorZone: booking.timeZone,
        }),
        ...(gone ? [] : [meetingLine(to, copy, true)]),
        `${copy.inboxLink}\n${inboxUrl(settings, 'demo-requests', request.id)}`,
      ),
      messageId: messageId(),
      calendar: gone ? bookingInvite(before, stamped, context, sequence, 'CANCEL') : calendar,
    });
  };
  if (cancelled) staffEmail(before, true);
  else {
    // A move to another owner: the previous one's calendar drops it, the new one's gets it.
    if (before.ownerId !== after.ownerId) staffEmail(before, true);
    staffEmail(after, false);
  }
  return cancelled ? messages : [...messages, ...composeReminders(after, stamped, context, at)];
}
