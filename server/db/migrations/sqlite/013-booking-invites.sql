-- Issue 29: a booked demo's calendar invites and reminders go through the outbox like every email
-- (decision 010), so nothing is lost while mail is down. (migrations/postgres/013 makes the same
-- schema on PostgreSQL.)
-- New kinds: 'booking-invite' (to the visitor) and 'booking-invite-staff' (to the owner), each
-- carrying an RFC 5545 invite; 'booking-reminder' and 'booking-reminder-staff', 24 hours and
-- 1 hour before, written with the booking and due then (next_attempt_at), so the outbox's claim
-- sends each once whatever the number of instances.
-- New columns: `calendar`, the invite's text (METHOD inside), sent as a text/calendar part;
-- `booking_uid`, the booking an email is about (its uid: the emails are written in the booking's
-- transaction before its row, and a reschedule or cancellation finds its pending reminders by it).
-- A CHECK cannot be altered in place: the table is rebuilt with its rows and indexes, as in 006.
CREATE TABLE outbox_new (
  id              INTEGER PRIMARY KEY,
  kind            TEXT    NOT NULL CHECK (kind IN ('sales-demo', 'sales-contact', 'demo-confirmation', 'owner-assigned',
                                                   'booking-invite', 'booking-invite-staff',
                                                   'booking-reminder', 'booking-reminder-staff')),
  submission_kind TEXT    NOT NULL CHECK (submission_kind IN ('demo-requests', 'contact-messages', 'feedback', 'newsletter')),
  submission_id   INTEGER NOT NULL,
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
  booking_uid     TEXT
);
INSERT INTO outbox_new (id, kind, submission_kind, submission_id, recipient, reply_to, subject, body_text, message_id,
  created_at, attempts, next_attempt_at, last_error, sent_at)
  SELECT id, kind, submission_kind, submission_id, recipient, reply_to, subject, body_text, message_id,
  created_at, attempts, next_attempt_at, last_error, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX outbox_submission ON outbox (submission_kind, submission_id);
CREATE INDEX outbox_booking ON outbox (booking_uid) WHERE booking_uid IS NOT NULL;
