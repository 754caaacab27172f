// Mail to an address a visitor typed (issue 33, decision 031). Such an email carries none of the
// visitor's own words (a fixed text from content/emails.yaml), so the site cannot be used to send
// a stranger a message from our official sender; and it is capped, per recipient per day and for
// the whole site per hour, so it cannot be used to flood anyone either. Past a cap the email is
// simply not written: the submission itself is stored and answered as usual.
import type { NewOutboxMessage, OutboxKind, OutboxRepository } from '../db/repositories/outbox.ts';

/** The emails that go to an address a visitor typed. A new one is added here, and so falls under
 * the same caps: a booked demo's invite and reminders (issue 29; a booking writes at most three,
 * within one address's daily cap). */
export const VISITOR_ADDRESSED_KINDS: readonly OutboxKind[] = [
  'demo-confirmation',
  'booking-invite',
  'booking-reminder',
];

export type MailCaps = {
  /** Emails one visitor-typed address may receive in 24 hours. */
  perAddressPerDay: number;
  /** Emails to visitor-typed addresses the whole site may write in an hour. */
  perHour: number;
};

export const DEFAULT_MAIL_CAPS: MailCaps = { perAddressPerDay: 3, perHour: 60 };

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** True when `message` may be written into `outbox`: not to a visitor-typed address, or within
 * both caps. Counted in the submission's own transaction, so concurrent posts see each other. */
export async function withinMailCaps(
  outbox: Pick<OutboxRepository, 'countSince'>,
  message: NewOutboxMessage,
  caps: MailCaps,
): Promise<boolean> {
  if (!VISITOR_ADDRESSED_KINDS.includes(message.kind)) return true;
  const at = Date.parse(message.createdAt);
  const toAddress = await outbox.countSince({
    kinds: VISITOR_ADDRESSED_KINDS,
    recipient: message.recipient,
    since: new Date(at - DAY_MS).toISOString(),
  });
  if (toAddress >= caps.perAddressPerDay) return false;
  const everywhere = await outbox.countSince({
    kinds: VISITOR_ADDRESSED_KINDS,
    since: new Date(at - HOUR_MS).toISOString(),
  });
  return everywhere < caps.perHour;
}
