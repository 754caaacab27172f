-- Issue 31: drafts, scheduled publishing and a trash for FAQ items and glossary entries
-- (decision 052). The shape is the same on every editable item, so page documents can adopt it:
--   status      'published' once the item has ever gone live, 'draft' before (the site skips it);
--   draft_json  the pending edit of a published item (its fields as JSON), the live columns
--               staying as they are until Publish; null when there is none;
--   publish_at  when the scheduler publishes the draft (ISO instant), null when not scheduled;
--   deleted_at  when it was moved to the trash (the site drops it at once), null otherwise;
--               the retention job purges it 30 days later.
-- `version` keeps counting every change (draft saves and publishing too), so the version check
-- of decision 021 covers drafts, and the scheduler's compare-and-set publishes exactly once.
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

-- History names the new actions: a draft saved, published (by hand or on schedule), taken back
-- out of the trash. SQLite cannot change a CHECK in place, so the table is rebuilt.
CREATE TABLE content_history_018 (
  id          INTEGER PRIMARY KEY,
  kind        TEXT    NOT NULL CHECK (kind IN ('faq', 'glossary')),
  item_id     INTEGER NOT NULL,
  action      TEXT    NOT NULL CHECK (action IN ('create', 'update', 'delete', 'restore', 'import',
                                                 'draft', 'publish', 'untrash')),
  version     INTEGER NOT NULL,
  username    TEXT    NOT NULL,
  created_at  TEXT    NOT NULL,
  before_json TEXT,
  after_json  TEXT
);
INSERT INTO content_history_018 SELECT id, kind, item_id, action, version, username, created_at, before_json, after_json
  FROM content_history;
DROP TABLE content_history;
ALTER TABLE content_history_018 RENAME TO content_history;
CREATE INDEX content_history_item ON content_history (kind, item_id, id);

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
