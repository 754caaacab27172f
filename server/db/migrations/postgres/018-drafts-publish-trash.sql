-- Issue 31: drafts, scheduled publishing and a trash for FAQ items and glossary entries. The same
-- columns and meanings as sqlite/018-drafts-publish-trash.sql (decision 052).
ALTER TABLE faqs ADD COLUMN status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published'));
ALTER TABLE faqs ADD COLUMN draft_json TEXT;
ALTER TABLE faqs ADD COLUMN publish_at TEXT;
ALTER TABLE faqs ADD COLUMN deleted_at TEXT;
CREATE INDEX faqs_publish_at ON faqs (publish_at) WHERE publish_at IS NOT NULL;
CREATE INDEX faqs_deleted_at ON faqs (deleted_at) WHERE deleted_at IS NOT NULL;

ALTER TABLE glossary_entries ADD COLUMN status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published'));
ALTER TABLE glossary_entries ADD COLUMN draft_json TEXT;
ALTER TABLE glossary_entries ADD COLUMN publish_at TEXT;
ALTER TABLE glossary_entries ADD COLUMN deleted_at TEXT;
CREATE INDEX glossary_entries_publish_at ON glossary_entries (publish_at) WHERE publish_at IS NOT NULL;
CREATE INDEX glossary_entries_deleted_at ON glossary_entries (deleted_at) WHERE deleted_at IS NOT NULL;

ALTER TABLE content_history DROP CONSTRAINT content_history_action_check;
ALTER TABLE content_history ADD CONSTRAINT content_history_action_check
  CHECK (action IN ('create', 'update', 'delete', 'restore', 'import', 'draft', 'publish', 'untrash'));

-- What each editor is typing in an item, saved every few seconds while they type (autosave):
-- one row per editor and item, with the version they opened, given back when they open the item
-- again; a save of theirs (draft or live) clears it. Not the draft: another editor never sees it.
CREATE TABLE content_autosaves (
  kind        TEXT    NOT NULL CHECK (kind IN ('faq', 'glossary')),
  item_id     INTEGER NOT NULL,
  username    TEXT    NOT NULL,
  version     INTEGER NOT NULL,
  fields_json TEXT    NOT NULL,
  saved_at    TEXT    NOT NULL,
  PRIMARY KEY (kind, item_id, username)
);
