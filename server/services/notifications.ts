// The emails the site sends (decision 010), written to the outbox in the transaction of the change
// that causes them; the outbox worker sends them later. What each submission kind sends is composed
// by its description (server/submission-kinds/) with the helpers here, from the copy in
// content/emails.yaml; the owner-assigned email is composed here. Nothing a visitor typed can
// reach a header with a line break in it.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type InboxKind, KIND_SINGULAR } from '../../common/inbox-vocabulary.ts';
import type { EmailContent } from '../../content/emails.schema.ts';
import type { NewOutboxMessage, OutboxRepository } from '../db/repositories/outbox.ts';
import { DEFAULT_MAIL_CAPS, type MailCaps, withinMailCaps } from './mail-caps.ts';
import type { Consent, StoredSubmission, SubmissionKindDescription } from '../submission-kinds/types.ts';

export type MailSettings = {
  /** Where the sales notifications go. */
  salesEmail: string;
  /** Send the demo requester a confirmation. */
  demoConfirmation: boolean;
  /** The site's public origin, for the link to the staff inbox. */
  siteUrl: string;
  /** The brand, for the confirmation's subject and sign-off. */
  brand: string;
  /** The visitor's personal link to a booking (/demo/booking/<token>, valid until `until`), for
   * their invite and reminders; absent: no link. */
  bookingLink?: (uid: string, until: string) => string;
};

// Everything that could end a header line or fold it (CR, LF, the C0 and C1 controls, DEL, and
// Unicode's line and paragraph separators), plus the zero-width and bidi controls that could
// disguise a subject.
const HEADER_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]+/g;

/** A value safe for one header line: control characters become spaces, runs of space collapse,
 * and it is cut to `max` characters (whole code points). */
export function headerText(value: string, max = 200): string {
  const flat = value.replace(HEADER_UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > max
    ? chars
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…'
    : flat;
}

/** Text for a body: line breaks kept (as LF), tabs kept, every other control character dropped. */
export function bodyText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, '');
}

/** Fills `{key}` placeholders; an unknown key stays as written, so a typo shows in review. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));
}

/** A Message-ID in our own domain, made once per outbox row and reused on every attempt. */
export function newMessageId(domain: string): string {
  return `<${randomUUID()}@${domain}>`;
}

/** The domain of an address or of 'Name <address>', for Message-IDs. */
export function domainOf(address: string): string {
  const match = /@([^\s@<>]+)>?\s*$/.exec(address);
  return match?.[1]?.toLowerCase() ?? 'localhost';
}

export type Line = [label: string, value: string];

/** The fields as 'Label: value' lines; a value spanning lines goes under its label. */
export function fieldLines(lines: Line[]): string {
  return lines
    .map(([label, value]) => (value.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`))
    .join('\n');
}

export function consentLine(copy: EmailContent, consent: Consent): string {
  return consent ? fill(copy.consent.given, { version: consent.version, at: consent.at }) : copy.consent.notGiven;
}

export function inboxUrl(settings: MailSettings, kind: string, id: number): string {
  return `${settings.siteUrl.replace(/\/+$/, '')}/inbox/${kind}/${id}`;
}

/** A submission given to a staff member by someone else (the inbox's owner change). */
export type OwnerAssignment = {
  kind: InboxKind;
  id: number;
  /** The submission's title as the inbox lists it (a name, 'Feedback #3', an address). */
  title: string;
  /** Who gave it. */
  by: string;
  /** The new owner's address. */
  recipient: string;
  at: string;
};

/** The new owner's email: what they were given, by whom, and the link to it. */
export function composeOwnerAssigned(
  assignment: OwnerAssignment,
  copy: EmailContent,
  settings: MailSettings,
  messageId: () => string,
): NewOutboxMessage {
  const what = `${KIND_SINGULAR[assignment.kind].toLowerCase()} #${assignment.id}`;
  const by = headerText(assignment.by, 64);
  return {
    kind: 'owner-assigned',
    submissionKind: assignment.kind,
    submissionId: assignment.id,
    createdAt: assignment.at,
    recipient: assignment.recipient,
    replyTo: null,
    subject: headerText(`${fill(copy.ownerAssigned.subject, { by, what })}: ${headerText(assignment.title, 80)}`),
    bodyText:
      [
        fill(copy.ownerAssigned.intro, { by }),
        `${headerText(KIND_SINGULAR[assignment.kind])} #${assignment.id}: ${headerText(assignment.title)}`,
        `${copy.inboxLink}\n${inboxUrl(settings, assignment.kind, assignment.id)}`,
      ].join('\n\n') + '\n',
    messageId: messageId(),
  };
}

/** Writes the emails for a stored submission into the outbox it is given: the outbox of the
 * submission's transaction. Not called for a honeypot submission. */
export function createNotificationService(deps: {
  copy: EmailContent;
  settings: MailSettings;
  messageId: () => string;
  caps?: MailCaps;
}) {
  const { copy, settings, messageId } = deps;
  return {
    /** The emails the kind's description sends for a stored submission. Mail to a visitor-typed
     * address is capped (mail-caps.ts); past a cap it is not written. */
    async submissionStored<S extends z.ZodType>(
      outbox: OutboxRepository,
      kind: SubmissionKindDescription<S>,
      stored: StoredSubmission<z.output<S>>,
    ): Promise<void> {
      for (const message of kind.emails?.(stored, { copy, settings, messageId }) ?? []) {
        if (await withinMailCaps(outbox, message, deps.caps ?? DEFAULT_MAIL_CAPS)) await outbox.add(message);
      }
    },
    /** Into the outbox of the owner change's own transaction. */
    async ownerAssigned(outbox: OutboxRepository, assignment: OwnerAssignment): Promise<void> {
      await outbox.add(composeOwnerAssigned(assignment, copy, settings, messageId));
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
