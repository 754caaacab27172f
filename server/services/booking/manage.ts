// The visitor's own booking page (/demo/booking/<token>, issue 29): the personal link's token
// (links.ts) is the only key. It shows the booking, cancels it or moves it; each change is one
// transaction (booking.change) holding the booking's row, its event, its dropped reminders and
// the emails to both sides (invites.ts: the same UID, SEQUENCE + 1).
import { BOOKING_MESSAGES } from '../../../common/booking.ts';
import type { EmailContent } from '../../../content/emails.schema.ts';
import { createBookingRepository } from '../../db/repositories/booking.ts';
import { createOutboxRepository } from '../../db/repositories/outbox.ts';
import type { MailSettings } from '../notifications.ts';
import type { BookingChange, ChangeOutcome } from './booking-types.ts';
import { composeBookingChange } from './invites.ts';
import type { BookingLinks } from './links.ts';
import type { BookingService } from './service.ts';

/** A refused link: 404 for a token that is not one of ours (tampered, another purpose, an
 * unknown booking), 410 for one whose meeting is over. */
export type LinkRefusal = { ok: false; status: 404 | 410; message: string };

/** The booking the page shows. */
export type ManagedBooking = {
  uid: string;
  start: string;
  end: string;
  timeZone: string;
  meetingUrl: string | null;
  status: 'booked' | 'cancelled';
};

export function bookingPath(token: string): string {
  return `/demo/booking/${token}`;
}

export function createBookingManager(deps: {
  booking: Pick<BookingService, 'find' | 'change'>;
  links: BookingLinks;
  copy: EmailContent;
  settings: MailSettings;
  messageId: () => string;
  now?: () => number;
}) {
  const { booking, links } = deps;
  const now = deps.now ?? Date.now;

  async function open(token: string): Promise<{ ok: true; uid: string } | LinkRefusal> {
    const check = links.verify(token);
    if (!check.ok)
      return check.reason === 'expired'
        ? { ok: false, status: 410, message: BOOKING_MESSAGES.linkExpired }
        : { ok: false, status: 404, message: BOOKING_MESSAGES.linkInvalid };
    return { ok: true, uid: check.uid };
  }

  /** One change of booking `uid` by `by` (null: the visitor), in one transaction with its
   * emails to both sides and its pending reminders dropped (the move writes new ones). */
  function applyChange(uid: string, change: BookingChange, by: string | null): Promise<ChangeOutcome> {
    return booking.change(uid, change, by, async (trx, changed) => {
      const at = new Date(now()).toISOString();
      const request = changed.demoRequestId ? await createBookingRepository(trx).request(changed.demoRequestId) : null;
      const outbox = createOutboxRepository(trx);
      await outbox.dropPendingReminders(changed.before.uid);
      if (!request) return;
      const context = { copy: deps.copy, settings: deps.settings, messageId: deps.messageId };
      for (const message of composeBookingChange(changed, request, context, at)) await outbox.add(message);
    });
  }

  return {
    /** The booking a token names, or why the link is refused. */
    async view(token: string): Promise<{ ok: true; booking: ManagedBooking } | LinkRefusal> {
      const opened = await open(token);
      if (!opened.ok) return opened;
      const found = await booking.find(opened.uid);
      if (!found) return { ok: false, status: 404, message: BOOKING_MESSAGES.linkInvalid };
      return {
        ok: true,
        booking: {
          uid: found.uid,
          start: found.start,
          end: found.end,
          timeZone: found.timeZone,
          meetingUrl: found.meetingUrl,
          status: found.status,
        },
      };
    },

    /** Cancels or moves the booking a token names; on a move, `token` is the new link (the old
     * one expires with the old time). */
    async change(token: string, change: BookingChange): Promise<(ChangeOutcome & { token?: string }) | LinkRefusal> {
      const opened = await open(token);
      if (!opened.ok) return opened;
      const outcome = await applyChange(opened.uid, change, null);
      if (!outcome.ok || change.kind === 'cancel') return outcome;
      return { ...outcome, token: links.sign(outcome.change.after.uid, new Date(outcome.change.after.end)) };
    },

    /** The same change made by staff from the inbox (issue 29): the same transaction, invites
     * and reminders, its history entry naming `username`. */
    staffChange: (uid: string, change: BookingChange, username: string): Promise<ChangeOutcome> =>
      applyChange(uid, change, username),
  };
}
export type BookingManager = ReturnType<typeof createBookingManager>;
