-- Issue 31: images for the customer stories and integrations, and versioned, undoable reorders.
--
-- Uploaded images (logos, photos), checked and re-encoded like the contact form's image: the
-- bytes stay in the row, so every instance serves every image. The id is the SHA-256 of the
-- stored bytes: the URL /media/<id>.<ext> never changes meaning, so it is cached for a year, and
-- the same image uploaded twice is one row.
CREATE TABLE content_images (
  id         TEXT    PRIMARY KEY,
  type       TEXT    NOT NULL CHECK (type IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  bytes      BLOB    NOT NULL,
  size       INTEGER NOT NULL,
  width      INTEGER NOT NULL,
  height     INTEGER NOT NULL,
  alt        TEXT    NOT NULL,
  created_at TEXT    NOT NULL,
  created_by TEXT    NOT NULL
);

-- Every change of a list's order (the FAQ's today), one row per version: the order before and
-- after (ids, JSON), what moved (one item from one place to another, or null when several did),
-- and which earlier version an undo took back. The order's version is its newest row's; the
-- unique (kind, version) makes each change a compare-and-set on the version the editor read.
CREATE TABLE content_order_history (
  id          INTEGER PRIMARY KEY,
  kind        TEXT    NOT NULL CHECK (kind IN ('faq')),
  version     INTEGER NOT NULL,
  action      TEXT    NOT NULL CHECK (action IN ('reorder', 'undo')),
  username    TEXT    NOT NULL,
  created_at  TEXT    NOT NULL,
  before_json TEXT    NOT NULL,
  after_json  TEXT    NOT NULL,
  moved_id    INTEGER,
  moved_label TEXT,
  moved_from  INTEGER,
  moved_to    INTEGER,
  undoes      INTEGER,
  UNIQUE (kind, version)
);
