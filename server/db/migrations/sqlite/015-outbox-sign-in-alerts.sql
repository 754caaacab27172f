-- Issue 33: a staff member is emailed when their account sees a burst of failed sign-ins, through
-- the outbox like every email (decision 010). (migrations/postgres/015 makes the same schema.)
-- New kind 'sign-in-alert'. Such an email is about an account, not a submission: submission_kind
-- and submission_id become nullable, both set or both null.
-- A CHECK cannot be altered in place: the table is rebuilt with its rows and indexes, as in 013.
CREATE TABLE outbox_new (
  id              INTEGER PRIMARY KEY,
  kind            TEXT    NOT NULL CHECK (kind IN ('sales-demo', 'sales-contact', 'demo-confirmation', 'owner-assigned',
                                                   'booking-invite', 'booking-invite-staff',
                                                   'booking-reminder', 'booking-reminder-staff',
                                                   'sign-in-alert')),
  submission_kind TEXT             CHECK (submission_kind IN ('demo-requests', 'contact-messages', 'feedback', 'newsletter')),
  submission_id   INTEGER,
  recipient       TEXT    NOT NULL,
  reply_to        TEXT,
  subject         TEXT    NOT NULL,
  body_text       TEXT    NOT NULL,
  message_id      TEXT    NOT NULL UNIQUE,
  created_at      TEXT    NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT    NOT NULL,
  last_error      TEXT,
  sent_at         TEXT,
  calendar        TEXT,
  booking_uid     TEXT,
  CHECK ((submission_kind IS NULL) = (submission_id IS NULL))
);
INSERT INTO outbox_new (id, kind, submission_kind, submission_id, recipient, reply_to, subject, body_text, message_id,
  created_at, attempts, next_attempt_at, last_error, sent_at, calendar, booking_uid)
  SELECT id, kind, submission_kind, submission_id, recipient, reply_to, subject, body_text, message_id,
  created_at, attempts, next_attempt_at, last_error, sent_at, calendar, booking_uid FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX outbox_submission ON outbox (submission_kind, submission_id);
CREATE INDEX outbox_booking ON outbox (booking_uid) WHERE booking_uid IS NOT NULL;
