-- Issue 21's speed targets on SQLite (migrations/postgres/007 does the same job on PostgreSQL).
--
-- Search: the inbox looks for `lower(column) LIKE '%term%'` in every searchable column, which no
-- btree can answer. Each table gets an FTS5 index with the trigram tokenizer over its searchable
-- columns (external content: the text stays in the table, the index holds trigrams). A search of
-- three characters or more first asks it for the rows that hold the term, case-folded, then
-- applies the same LIKE to those rows only, so the results are exactly the LIKE's. The triggers
-- keep the index in step with every insert, edit and delete (the purge included).
CREATE VIRTUAL TABLE demo_requests_search USING fts5(name, job_title, company, number, email, text, content='demo_requests', content_rowid='id', tokenize='trigram');
INSERT INTO demo_requests_search (demo_requests_search) VALUES ('rebuild');
CREATE TRIGGER demo_requests_search_insert AFTER INSERT ON demo_requests BEGIN
  INSERT INTO demo_requests_search (rowid, name, job_title, company, number, email, text) VALUES (new.id, new.name, new.job_title, new.company, new.number, new.email, new.text);
END;
CREATE TRIGGER demo_requests_search_delete AFTER DELETE ON demo_requests BEGIN
  INSERT INTO demo_requests_search (demo_requests_search, rowid, name, job_title, company, number, email, text) VALUES ('delete', old.id, old.name, old.job_title, old.company, old.number, old.email, old.text);
END;
CREATE TRIGGER demo_requests_search_update AFTER UPDATE OF name, job_title, company, number, email, text ON demo_requests BEGIN
  INSERT INTO demo_requests_search (demo_requests_search, rowid, name, job_title, company, number, email, text) VALUES ('delete', old.id, old.name, old.job_title, old.company, old.number, old.email, old.text);
  INSERT INTO demo_requests_search (rowid, name, job_title, company, number, email, text) VALUES (new.id, new.name, new.job_title, new.company, new.number, new.email, new.text);
END;
CREATE VIRTUAL TABLE contact_messages_search USING fts5(name, email, subject, message, content='contact_messages', content_rowid='id', tokenize='trigram');
INSERT INTO contact_messages_search (contact_messages_search) VALUES ('rebuild');
CREATE TRIGGER contact_messages_search_insert AFTER INSERT ON contact_messages BEGIN
  INSERT INTO contact_messages_search (rowid, name, email, subject, message) VALUES (new.id, new.name, new.email, new.subject, new.message);
END;
CREATE TRIGGER contact_messages_search_delete AFTER DELETE ON contact_messages BEGIN
  INSERT INTO contact_messages_search (contact_messages_search, rowid, name, email, subject, message) VALUES ('delete', old.id, old.name, old.email, old.subject, old.message);
END;
CREATE TRIGGER contact_messages_search_update AFTER UPDATE OF name, email, subject, message ON contact_messages BEGIN
  INSERT INTO contact_messages_search (contact_messages_search, rowid, name, email, subject, message) VALUES ('delete', old.id, old.name, old.email, old.subject, old.message);
  INSERT INTO contact_messages_search (rowid, name, email, subject, message) VALUES (new.id, new.name, new.email, new.subject, new.message);
END;
CREATE VIRTUAL TABLE feedback_search USING fts5(feedback, content='feedback', content_rowid='id', tokenize='trigram');
INSERT INTO feedback_search (feedback_search) VALUES ('rebuild');
CREATE TRIGGER feedback_search_insert AFTER INSERT ON feedback BEGIN
  INSERT INTO feedback_search (rowid, feedback) VALUES (new.id, new.feedback);
END;
CREATE TRIGGER feedback_search_delete AFTER DELETE ON feedback BEGIN
  INSERT INTO feedback_search (feedback_search, rowid, feedback) VALUES ('delete', old.id, old.feedback);
END;
CREATE TRIGGER feedback_search_update AFTER UPDATE OF feedback ON feedback BEGIN
  INSERT INTO feedback_search (feedback_search, rowid, feedback) VALUES ('delete', old.id, old.feedback);
  INSERT INTO feedback_search (rowid, feedback) VALUES (new.id, new.feedback);
END;
CREATE VIRTUAL TABLE newsletter_subscribers_search USING fts5(email, content='newsletter_subscribers', content_rowid='id', tokenize='trigram');
INSERT INTO newsletter_subscribers_search (newsletter_subscribers_search) VALUES ('rebuild');
CREATE TRIGGER newsletter_subscribers_search_insert AFTER INSERT ON newsletter_subscribers BEGIN
  INSERT INTO newsletter_subscribers_search (rowid, email) VALUES (new.id, new.email);
END;
CREATE TRIGGER newsletter_subscribers_search_delete AFTER DELETE ON newsletter_subscribers BEGIN
  INSERT INTO newsletter_subscribers_search (newsletter_subscribers_search, rowid, email) VALUES ('delete', old.id, old.email);
END;
CREATE TRIGGER newsletter_subscribers_search_update AFTER UPDATE OF email ON newsletter_subscribers BEGIN
  INSERT INTO newsletter_subscribers_search (newsletter_subscribers_search, rowid, email) VALUES ('delete', old.id, old.email);
  INSERT INTO newsletter_subscribers_search (rowid, email) VALUES (new.id, new.email);
END;
-- Sorting by status, newest work first, without spam (the list's default filter): the full index
-- of 006 starts its descending walk at every spam row, which the filter then throws away. This
-- one leaves spam out, in the same shape as the query's `status <> 'spam'`.
CREATE INDEX demo_requests_status_sort_open ON demo_requests ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';
CREATE INDEX contact_messages_status_sort_open ON contact_messages ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';
CREATE INDEX feedback_status_sort_open ON feedback ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';
CREATE INDEX newsletter_subscribers_status_sort_open ON newsletter_subscribers ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';

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
