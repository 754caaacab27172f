-- Issue 19: staff roles, and staff editing the FAQ and the glossary with history.
-- Every existing staff user becomes an admin (they could do everything until now).
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'sales'));

-- A hidden FAQ item stays in the Content area but leaves the site and the spec's API.
-- `version` counts saves: a save naming an older version is refused (decision 021).
ALTER TABLE faqs ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1));
ALTER TABLE faqs ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE faqs ADD COLUMN updated_at TEXT;
ALTER TABLE faqs ADD COLUMN updated_by TEXT;

-- A term is unique within its category (whatever its case), no longer across the table: the
-- column's UNIQUE constraint can only go with a rebuild of the table on SQLite.
CREATE TABLE glossary_entries_008 (
  id          INTEGER PRIMARY KEY,
  category    TEXT    NOT NULL,
  term        TEXT    NOT NULL,
  description TEXT    NOT NULL,
  version     INTEGER NOT NULL DEFAULT 1,
  updated_at  TEXT,
  updated_by  TEXT
);
INSERT INTO glossary_entries_008 (id, category, term, description) SELECT id, category, term, description FROM glossary_entries;
DROP TABLE glossary_entries;
ALTER TABLE glossary_entries_008 RENAME TO glossary_entries;
CREATE UNIQUE INDEX glossary_entries_category_term ON glossary_entries (lower(category), lower(term));

-- Every change to an item: who, when, the item before and after (JSON of its editable fields).
CREATE TABLE content_history (
  id          INTEGER PRIMARY KEY,
  kind        TEXT    NOT NULL CHECK (kind IN ('faq', 'glossary')),
  item_id     INTEGER NOT NULL,
  action      TEXT    NOT NULL CHECK (action IN ('create', 'update', 'delete', 'restore', 'import')),
  version     INTEGER NOT NULL,
  username    TEXT    NOT NULL,
  created_at  TEXT    NOT NULL,
  before_json TEXT,
  after_json  TEXT
);
CREATE INDEX content_history_item ON content_history (kind, item_id, id);

-- What the seed has ever added, so reseeding never brings back an item staff edited or deleted.
CREATE TABLE content_seed_keys (
  kind     TEXT NOT NULL CHECK (kind IN ('faq', 'glossary')),
  seed_key TEXT NOT NULL,
  PRIMARY KEY (kind, seed_key)
);
INSERT INTO content_seed_keys (kind, seed_key) SELECT 'faq', question FROM faqs;
INSERT INTO content_seed_keys (kind, seed_key) SELECT 'glossary', lower(category) || '|' || lower(term) FROM glossary_entries;
