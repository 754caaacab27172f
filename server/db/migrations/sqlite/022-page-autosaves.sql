-- Issue 31: the generated page form autosaves like the FAQ and glossary editors (decision 059).
-- (migrations/postgres/022 makes the same schema.) content_autosaves takes kind 'page', whose
-- item is a page id ('home', 'customers'): item_id becomes TEXT (the FAQ's and glossary's
-- integer ids are kept as their digits). A CHECK cannot be altered in place: the table is
-- rebuilt with its rows, as in 015.
CREATE TABLE content_autosaves_new (
  kind        TEXT    NOT NULL CHECK (kind IN ('faq', 'glossary', 'page')),
  item_id     TEXT    NOT NULL,
  username    TEXT    NOT NULL,
  version     INTEGER NOT NULL,
  fields_json TEXT    NOT NULL,
  saved_at    TEXT    NOT NULL,
  PRIMARY KEY (kind, item_id, username)
);
INSERT INTO content_autosaves_new (kind, item_id, username, version, fields_json, saved_at)
  SELECT kind, CAST(item_id AS TEXT), username, version, fields_json, saved_at FROM content_autosaves;
DROP TABLE content_autosaves;
ALTER TABLE content_autosaves_new RENAME TO content_autosaves;
