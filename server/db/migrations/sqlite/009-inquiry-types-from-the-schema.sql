-- Decision 040: the contact form's inquiry types are one list in common/inquiry-types.ts, enforced
-- by the contact schema on every way in (the API and the page). The database's copy of the list,
-- 001's CHECK (inq_type IN (1, 2, 3)), goes, so a new type is that one line and no migration.
-- (migrations/postgres/009 drops the same CHECK on PostgreSQL.)
--
-- SQLite cannot drop a CHECK in place: the table is rebuilt with the same columns, rows and ids,
-- then its indexes and the search index's triggers (migrations 002, 006, 007) are made again. The
-- external-content search index (contact_messages_search) keeps its rows: they are keyed by id.
CREATE TABLE contact_messages_rebuilt (
  id         INTEGER PRIMARY KEY,
  name       TEXT    NOT NULL,
  email      TEXT    NOT NULL,
  subject    TEXT    NOT NULL,
  inq_type   INTEGER NOT NULL,
  message    TEXT    NOT NULL,
  img        BLOB    NOT NULL,
  img_type   TEXT    NOT NULL,
  img_size   INTEGER NOT NULL,
  img_sha256 TEXT    NOT NULL,
  is_spam    INTEGER NOT NULL DEFAULT 0 CHECK (is_spam IN (0, 1)),
  created_at TEXT    NOT NULL,
  status     TEXT    NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'done', 'spam')),
  marketing_consent_version TEXT,
  marketing_consent_at      TEXT,
  owner      TEXT
);
INSERT INTO contact_messages_rebuilt (id, name, email, subject, inq_type, message, img, img_type, img_size, img_sha256, is_spam, created_at, status, marketing_consent_version, marketing_consent_at, owner)
  SELECT id, name, email, subject, inq_type, message, img, img_type, img_size, img_sha256, is_spam, created_at, status, marketing_consent_version, marketing_consent_at, owner FROM contact_messages;
DROP TABLE contact_messages;
ALTER TABLE contact_messages_rebuilt RENAME TO contact_messages;

CREATE INDEX contact_messages_status_created ON contact_messages (status, created_at);
CREATE INDEX contact_messages_created ON contact_messages (created_at);
CREATE INDEX contact_messages_name_sort ON contact_messages (lower(name), id);
CREATE INDEX contact_messages_subject_sort ON contact_messages (lower(subject), id);
CREATE INDEX contact_messages_owner_sort ON contact_messages (coalesce(owner, ''), id);
CREATE INDEX contact_messages_status_sort ON contact_messages ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id);
CREATE INDEX contact_messages_status_sort_open ON contact_messages ((CASE status WHEN 'new' THEN 0 WHEN 'in_progress' THEN 1 WHEN 'done' THEN 2 ELSE 3 END), id) WHERE status <> 'spam';
CREATE INDEX contact_messages_owner_created ON contact_messages (owner, created_at, status);

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
