-- Email notifications through a durable outbox (decision 010), and the marketing consent a
-- visitor may tick on the demo and contact forms. Stands on 001 alone: nothing here reads what
-- 002 adds.

-- One row per email to send. A submission and its rows are written in one transaction, so a
-- stored demo request or contact message always has its notifications, and a refused one has
-- none. The worker sends due rows (next_attempt_at <= now, sent_at NULL) one at a time.
CREATE TABLE outbox (
  id              INTEGER PRIMARY KEY,
  kind            TEXT    NOT NULL CHECK (kind IN ('sales-demo', 'sales-contact', 'demo-confirmation')),
  submission_kind TEXT    NOT NULL CHECK (submission_kind IN ('demo-requests', 'contact-messages')),
  submission_id   INTEGER NOT NULL,
  recipient       TEXT    NOT NULL,
  -- Where a reply goes: the visitor for the sales emails, the sales address for a confirmation.
  reply_to        TEXT,
  subject         TEXT    NOT NULL,
  body_text       TEXT    NOT NULL,
  -- The Message-ID header, the same on every attempt, so a duplicate delivery is recognisable.
  message_id      TEXT    NOT NULL UNIQUE,
  created_at      TEXT    NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT    NOT NULL,
  last_error      TEXT,
  sent_at         TEXT
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX outbox_submission ON outbox (submission_kind, submission_id);

-- The version of the consent text the visitor ticked, and when; both NULL when not ticked.
ALTER TABLE demo_requests ADD COLUMN marketing_consent_version TEXT;
ALTER TABLE demo_requests ADD COLUMN marketing_consent_at TEXT;
ALTER TABLE contact_messages ADD COLUMN marketing_consent_version TEXT;
ALTER TABLE contact_messages ADD COLUMN marketing_consent_at TEXT;
