// SQL for the email outbox (decision 010): rows are added in the submission's transaction, and
// workers (one per instance) claim one due row at a time, then mark it sent or schedule its retry.
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../schema.ts';

export type OutboxKind = DB['outbox']['kind'];
export type OutboxSubmissionKind = NonNullable<DB['outbox']['submission_kind']>;

export type NewOutboxMessage = {
  kind: OutboxKind;
  /** The submission it is about; none for an email about an account (a sign-in alert). */
  submissionKind: OutboxSubmissionKind | null;
  submissionId: number | null;
  recipient: string;
  replyTo: string | null;
  subject: string;
  bodyText: string;
  messageId: string;
  createdAt: string;
  /** An RFC 5545 invite to send with it (a booked demo's). */
  calendar?: string | null;
  /** The booking it is about, by uid. */
  bookingUid?: string | null;
  /** When it is to be sent, if later than now (a booking's reminder). */
  dueAt?: string;
};

/** A stored email, as every column reads back. */
export type OutboxRow = Selectable<DB['outbox']>;

const COLUMNS = [
  'id',
  'kind',
  'submission_kind',
  'submission_id',
  'recipient',
  'reply_to',
  'subject',
  'body_text',
  'message_id',
  'created_at',
  'attempts',
  'next_attempt_at',
  'last_error',
  'sent_at',
  'calendar',
  'booking_uid',
] as const;

export function createOutboxRepository(db: Kysely<DB>) {
  return {
    async add(row: NewOutboxMessage): Promise<number> {
      const { id } = await db
        .insertInto('outbox')
        .values({
          kind: row.kind,
          submission_kind: row.submissionKind,
          submission_id: row.submissionId,
          recipient: row.recipient,
          reply_to: row.replyTo,
          subject: row.subject,
          body_text: row.bodyText,
          message_id: row.messageId,
          created_at: row.createdAt,
          next_attempt_at: row.dueAt ?? row.createdAt,
          calendar: row.calendar ?? null,
          booking_uid: row.bookingUid ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    /** Deletes a booking's reminders not yet sent (it was cancelled or moved); how many. */
    async dropPendingReminders(bookingUid: string): Promise<number> {
      const result = await db
        .deleteFrom('outbox')
        .where('booking_uid', '=', bookingUid)
        .where('sent_at', 'is', null)
        .where('kind', 'in', ['booking-reminder', 'booking-reminder-staff'])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** The oldest due row, leased until `leaseUntil`; null when nothing is due.
     * The claim is a compare-and-set on next_attempt_at: it counts the attempt and pushes the row
     * past the send's deadline, so of several workers (on any instance) exactly one wins it, and a
     * worker that dies mid-send leaves it due again once the lease runs out. */
    async claimNextDue(now: string, leaseUntil: string): Promise<OutboxRow | null> {
      for (;;) {
        const due = await db
          .selectFrom('outbox')
          .select(['id', 'next_attempt_at'])
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!due) return null;
        const claimed = await db
          .updateTable('outbox')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
          .where('id', '=', due.id)
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '=', due.next_attempt_at)
          .returning(COLUMNS)
          .executeTakeFirst();
        if (claimed) return claimed;
        // Another worker took it between the read and the claim: look again.
      }
    },
    async markSent(id: number, sentAt: string): Promise<void> {
      await db.updateTable('outbox').set({ sent_at: sentAt, last_error: null }).where('id', '=', id).execute();
    },
    /** Records why a send failed and when to try again. */
    async markFailed(id: number, error: string, nextAttemptAt: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ last_error: error, next_attempt_at: nextAttemptAt })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },
    /** How many emails of these kinds (to `recipient`, when given) were written since `since`
     * (mail-caps.ts). The recipient is compared case-insensitively, as mail servers do. */
    async countSince(filter: { kinds: readonly OutboxKind[]; recipient?: string; since: string }): Promise<number> {
      let query = db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('kind', 'in', [...filter.kinds])
        .where('created_at', '>=', filter.since);
      if (filter.recipient !== undefined)
        query = query.where((eb) => eb(eb.fn('lower', ['recipient']), '=', filter.recipient!.toLowerCase()));
      return Number((await query.executeTakeFirstOrThrow()).count);
    },
    /** How many messages wait to be sent, and since when the oldest has waited. */
    async waiting(): Promise<{ count: number; oldestCreatedAt: string | null }> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldestCreatedAt: row.oldest ?? null };
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
