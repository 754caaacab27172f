-- The staff inbox (issue 7): every submission gets a status the sales team works it through,
-- and every status change and internal note is kept with who made it and when.
-- A honeypot submission is stored with status 'spam'; is_spam stays as the record that the
-- honeypot was filled, even after staff move the submission out of spam.

ALTER TABLE demo_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'in_progress', 'done', 'spam'));
ALTER TABLE contact_messages ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'in_progress', 'done', 'spam'));
ALTER TABLE feedback ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'in_progress', 'done', 'spam'));
ALTER TABLE newsletter_subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
  CHECK (status IN ('new', 'in_progress', 'done', 'spam'));

UPDATE demo_requests SET status = 'spam' WHERE is_spam = 1;
UPDATE contact_messages SET status = 'spam' WHERE is_spam = 1;
UPDATE feedback SET status = 'spam' WHERE is_spam = 1;
UPDATE newsletter_subscribers SET status = 'spam' WHERE is_spam = 1;

-- The inbox lists one status (or all but spam) newest first; the retention purge reads by age.
CREATE INDEX demo_requests_status_created ON demo_requests (status, created_at);
CREATE INDEX contact_messages_status_created ON contact_messages (status, created_at);
CREATE INDEX feedback_status_created ON feedback (status, created_at);
CREATE INDEX newsletter_subscribers_status_created ON newsletter_subscribers (status, created_at);
CREATE INDEX demo_requests_created ON demo_requests (created_at);
CREATE INDEX contact_messages_created ON contact_messages (created_at);
CREATE INDEX feedback_created ON feedback (created_at);
CREATE INDEX newsletter_subscribers_created ON newsletter_subscribers (created_at);

-- One row per status change or note. kind is the inbox's name for the table (as in the URLs);
-- there is no foreign key because the row may belong to any of the four tables: the purge
-- deletes a submission's events with it.
CREATE TABLE submission_events (
  id            INTEGER PRIMARY KEY,
  kind          TEXT    NOT NULL CHECK (kind IN ('demo-requests', 'contact-messages', 'feedback', 'newsletter')),
  submission_id INTEGER NOT NULL,
  username      TEXT    NOT NULL,
  action        TEXT    NOT NULL CHECK (action IN ('status', 'note')),
  from_status   TEXT    CHECK (from_status IN ('new', 'in_progress', 'done', 'spam')),
  to_status     TEXT    CHECK (to_status IN ('new', 'in_progress', 'done', 'spam')),
  note          TEXT,
  created_at    TEXT    NOT NULL,
  CHECK (
    (action = 'status' AND from_status IS NOT NULL AND to_status IS NOT NULL AND note IS NULL)
    OR (action = 'note' AND note IS NOT NULL AND from_status IS NULL AND to_status IS NULL)
  )
);
CREATE INDEX submission_events_submission ON submission_events (kind, submission_id, id);
