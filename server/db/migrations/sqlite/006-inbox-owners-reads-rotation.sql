-- Issue 21: the inbox a sales team lives in, and sign-ins that last the working day.
-- (migrations/postgres/006 makes the same schema on PostgreSQL.)
-- Owners: every submission belongs to a staff username or to nobody (NULL). Usernames are not a
-- foreign key: a disabled user keeps the submissions they own, and history keeps their name.
-- Reads: which staff member has opened which submission (unread = no row).
-- Sessions: the refresh token rotates on every use; the hashes it rotated away from are kept so a
-- second use of one is recognised (and revokes the whole sign-in); last_used_at drives the idle limit.
-- Users may have an email address, and the outbox an 'owner-assigned' email: a staff member told
-- that someone else gave them a submission (of any kind).

ALTER TABLE demo_requests ADD COLUMN owner TEXT;
ALTER TABLE contact_messages ADD COLUMN owner TEXT;
ALTER TABLE feedback ADD COLUMN owner TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN owner TEXT;

-- What the list filters on and sorts by: owner (mine, unassigned, someone's) newest first, and the
-- text columns case-folded as the list orders them.
CREATE INDEX demo_requests_owner_created ON demo_requests (owner, created_at);
CREATE INDEX contact_messages_owner_created ON contact_messages (owner, created_at);
CREATE INDEX feedback_owner_created ON feedback (owner, created_at);
CREATE INDEX newsletter_subscribers_owner_created ON newsletter_subscribers (owner, created_at);
CREATE INDEX demo_requests_name_sort ON demo_requests (lower(name), id);
CREATE INDEX demo_requests_company_sort ON demo_requests (lower(company), id);
CREATE INDEX contact_messages_name_sort ON contact_messages (lower(name), id);
CREATE INDEX contact_messages_subject_sort ON contact_messages (lower(subject), id);
CREATE INDEX newsletter_subscribers_email_sort ON newsletter_subscribers (lower(email), id);
-- Sorting by owner puts nobody's ('') first; by status, in the order work goes: new, in
-- progress, done, spam. The queries use these very expressions.
CREATE INDEX demo_requests_owner_sort ON demo_requests (coalesce(owner, ''), id);
CREATE INDEX contact_messages_owner_sort ON contact_messages (coalesce(owner, ''), id);
CREATE INDEX feedback_owner_sort ON feedback (coalesce(owner, ''), id);
CREATE INDEX newsletter_subscribers_owner_sort ON newsletter_subscribers (coalesce(owner, ''), id);
CREATE INDEX demo_requests_status_sort ON demo_requests ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id);
CREATE INDEX contact_messages_status_sort ON contact_messages ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id);
CREATE INDEX feedback_status_sort ON feedback ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id);
CREATE INDEX newsletter_subscribers_status_sort ON newsletter_subscribers ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id);

CREATE TABLE submission_reads (
  kind          TEXT    NOT NULL CHECK (kind IN ('demo-requests', 'contact-messages', 'feedback', 'newsletter')),
  submission_id INTEGER NOT NULL,
  username      TEXT    NOT NULL,
  read_at       TEXT    NOT NULL,
  PRIMARY KEY (username, kind, submission_id)
);

-- The event log gains 'owner' (from_owner/to_owner, either may be NULL for nobody). A CHECK
-- cannot be altered in place, so the table is rebuilt with its rows and index.
CREATE TABLE submission_events_new (
  id            INTEGER PRIMARY KEY,
  kind          TEXT    NOT NULL CHECK (kind IN ('demo-requests', 'contact-messages', 'feedback', 'newsletter')),
  submission_id INTEGER NOT NULL,
  username      TEXT    NOT NULL,
  action        TEXT    NOT NULL CHECK (action IN ('status', 'note', 'owner')),
  from_status   TEXT    CHECK (from_status IN ('new', 'in_progress', 'done', 'spam')),
  to_status     TEXT    CHECK (to_status IN ('new', 'in_progress', 'done', 'spam')),
  note          TEXT,
  from_owner    TEXT,
  to_owner      TEXT,
  created_at    TEXT    NOT NULL,
  CHECK (
    (action = 'status' AND from_status IS NOT NULL AND to_status IS NOT NULL AND note IS NULL)
    OR (action = 'note' AND note IS NOT NULL AND from_status IS NULL AND to_status IS NULL)
    OR (action = 'owner' AND note IS NULL AND from_status IS NULL AND to_status IS NULL)
  )
);
INSERT INTO submission_events_new (id, kind, submission_id, username, action, from_status, to_status, note, created_at)
  SELECT id, kind, submission_id, username, action, from_status, to_status, note, created_at FROM submission_events;
DROP TABLE submission_events;
ALTER TABLE submission_events_new RENAME TO submission_events;
CREATE INDEX submission_events_submission ON submission_events (kind, submission_id, id);

ALTER TABLE refresh_tokens ADD COLUMN last_used_at TEXT;
UPDATE refresh_tokens SET last_used_at = created_at;

CREATE TABLE retired_refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  retired_at TEXT NOT NULL
);
CREATE INDEX retired_refresh_tokens_session ON retired_refresh_tokens (session_id);

-- Staff email addresses: optional; only someone with one is emailed when given a submission.
ALTER TABLE users ADD COLUMN email TEXT;

-- The outbox gains 'owner-assigned', about a submission of any of the four kinds. Its CHECKs
-- cannot be altered in place either: the table is rebuilt with its rows and indexes (nothing
-- refers to it by foreign key).
CREATE TABLE outbox_new (
  id              INTEGER PRIMARY KEY,
  kind            TEXT    NOT NULL CHECK (kind IN ('sales-demo', 'sales-contact', 'demo-confirmation', 'owner-assigned')),
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
  sent_at         TEXT
);
INSERT INTO outbox_new SELECT id, kind, submission_kind, submission_id, recipient, reply_to, subject, body_text,
  message_id, created_at, attempts, next_attempt_at, last_error, sent_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX outbox_submission ON outbox (submission_kind, submission_id);
