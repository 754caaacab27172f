// SQL for the email outbox (decision 010): rows are added in the submission's transaction, and
// the worker claims one due row at a time, then marks it sent or schedules its retry.
import type { Database } from '../driver.ts';

export type OutboxKind = 'sales-demo' | 'sales-contact' | 'demo-confirmation';
export type OutboxSubmissionKind = 'demo-requests' | 'contact-messages';

export type NewOutboxMessage = {
  kind: OutboxKind;
  submissionKind: OutboxSubmissionKind;
  submissionId: number;
  recipient: string;
  replyTo: string | null;
  subject: string;
  bodyText: string;
  messageId: string;
  createdAt: string;
};

export type OutboxRow = {
  id: number;
  kind: OutboxKind;
  submission_kind: OutboxSubmissionKind;
  submission_id: number;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body_text: string;
  message_id: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
};

const COLUMNS = `id, kind, submission_kind, submission_id, recipient, reply_to, subject, body_text, message_id,
  created_at, attempts, next_attempt_at, last_error, sent_at`;

export function createOutboxRepository(db: Database) {
  const insert = db.prepare(`
    INSERT INTO outbox (kind, submission_kind, submission_id, recipient, reply_to, subject, body_text, message_id, created_at, next_attempt_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const nextDue = db.prepare(`
    SELECT ${COLUMNS} FROM outbox
    WHERE sent_at IS NULL AND next_attempt_at <= ?
    ORDER BY next_attempt_at, id LIMIT 1`);
  // The claim counts the attempt and pushes next_attempt_at past the send's deadline: a second
  // worker skips the row, and a process that dies mid-send leaves it due again after the lease.
  const claim = db.prepare(`
    UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?
    WHERE id = ? AND sent_at IS NULL AND next_attempt_at = ?`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE id = ?`);
  const markSent = db.prepare('UPDATE outbox SET sent_at = ?, last_error = NULL WHERE id = ?');
  const markFailed = db.prepare('UPDATE outbox SET last_error = ?, next_attempt_at = ? WHERE id = ? AND sent_at IS NULL');

  return {
    add(row: NewOutboxMessage): number {
      return Number(
        insert.run(
          row.kind, row.submissionKind, row.submissionId, row.recipient, row.replyTo, row.subject, row.bodyText,
          row.messageId, row.createdAt, row.createdAt,
        ).lastInsertRowid,
      );
    },
    /** The oldest due row, claimed until `leaseUntil`; null when nothing is due. */
    claimNextDue(now: string, leaseUntil: string): OutboxRow | null {
      for (;;) {
        const row = nextDue.get(now) as OutboxRow | undefined;
        if (!row) return null;
        if (claim.run(leaseUntil, row.id, row.next_attempt_at).changes === 1) return byId.get(row.id) as OutboxRow;
        // Another worker took it between the read and the claim: look again.
      }
    },
    markSent(id: number, sentAt: string): void {
      markSent.run(sentAt, id);
    },
    /** Records why a send failed and when to try again. */
    markFailed(id: number, error: string, nextAttemptAt: string): void {
      markFailed.run(error, nextAttemptAt, id);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
