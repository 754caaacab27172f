-- Issue 21's speed targets on PostgreSQL (migrations/sqlite/007 does the same job on SQLite).
--
-- Search: the inbox looks for `lower(column) LIKE '%term%'` in every searchable column. A btree
-- cannot help a pattern that starts with '%'; a trigram index can (pg_trgm, shipped with
-- PostgreSQL: in Debian's postgresql-15 package, and "trusted", so the database's owner may
-- create it). One GIN index per table over the very expressions the query uses: the planner ORs
-- one bitmap per column and rechecks only the rows found.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX demo_requests_search ON demo_requests USING gin (
  lower(name) gin_trgm_ops, lower(job_title) gin_trgm_ops, lower(company) gin_trgm_ops,
  lower(number) gin_trgm_ops, lower(email) gin_trgm_ops, lower(text) gin_trgm_ops
);
CREATE INDEX contact_messages_search ON contact_messages USING gin (
  lower(name) gin_trgm_ops, lower(email) gin_trgm_ops, lower(subject) gin_trgm_ops, lower(message) gin_trgm_ops
);
CREATE INDEX feedback_search ON feedback USING gin (lower(feedback) gin_trgm_ops);
CREATE INDEX newsletter_subscribers_search ON newsletter_subscribers USING gin (lower(email) gin_trgm_ops);

-- Sorting by status, newest work first, without spam (the list's default filter): the full index
-- of 006 starts its descending walk at every spam row, which the filter then throws away. This
-- one leaves spam out, in the same shape as the query's `status <> 'spam'`.
CREATE INDEX demo_requests_status_sort_open ON demo_requests
  ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';
CREATE INDEX contact_messages_status_sort_open ON contact_messages
  ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';
CREATE INDEX feedback_status_sort_open ON feedback
  ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';
CREATE INDEX newsletter_subscribers_status_sort_open ON newsletter_subscribers
  ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';

-- The owner filters (mine, unassigned, someone's), newest first: 006's (owner, created_at) gains
-- status, so the count of a queue without spam, or of one status, is read from the index alone
-- instead of visiting every row of that owner for its status; the page still walks it in order.
DROP INDEX demo_requests_owner_created;
CREATE INDEX demo_requests_owner_created ON demo_requests (owner, created_at, status);
DROP INDEX contact_messages_owner_created;
CREATE INDEX contact_messages_owner_created ON contact_messages (owner, created_at, status);
DROP INDEX feedback_owner_created;
CREATE INDEX feedback_owner_created ON feedback (owner, created_at, status);
DROP INDEX newsletter_subscribers_owner_created;
CREATE INDEX newsletter_subscribers_owner_created ON newsletter_subscribers (owner, created_at, status);

-- The summary (each kind's count per status, and what the reader has not opened) counts from
-- indexes alone: per status from a status index (a btree keeps each repeated value once, so it is
-- small), and the reader's reads meet their rows' status in (id, status) instead of the table.
CREATE INDEX demo_requests_status ON demo_requests (status);
CREATE INDEX contact_messages_status ON contact_messages (status);
CREATE INDEX feedback_status ON feedback (status);
CREATE INDEX newsletter_subscribers_status ON newsletter_subscribers (status);
CREATE INDEX demo_requests_id_status ON demo_requests (id, status);
CREATE INDEX contact_messages_id_status ON contact_messages (id, status);
CREATE INDEX feedback_id_status ON feedback (id, status);
CREATE INDEX newsletter_subscribers_id_status ON newsletter_subscribers (id, status);
