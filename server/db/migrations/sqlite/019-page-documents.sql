-- Issue 31: every page's copy editable. A page with no row here is its file in content/ (the
-- seed and the shape); a row holds the edited document (JSON validated by the file's own zod
-- schema), its version (a save naming an older one is refused) and who saved it when.
CREATE TABLE page_documents (
  page_id    TEXT    PRIMARY KEY,
  document   TEXT    NOT NULL,
  version    INTEGER NOT NULL,
  updated_at TEXT    NOT NULL,
  updated_by TEXT    NOT NULL
);

-- Every version of every edited page, the seed's included (version 1), so any can be restored.
CREATE TABLE page_document_history (
  id         INTEGER PRIMARY KEY,
  page_id    TEXT    NOT NULL,
  version    INTEGER NOT NULL,
  document   TEXT    NOT NULL,
  saved_at   TEXT    NOT NULL,
  saved_by   TEXT    NOT NULL,
  UNIQUE (page_id, version)
);

-- Permanent redirects, written when a page's slug changes (a story, an integration), removable
-- in the Content area. Served before the 404.
CREATE TABLE redirects (
  from_path  TEXT    PRIMARY KEY,
  to_path    TEXT    NOT NULL,
  created_at TEXT    NOT NULL,
  created_by TEXT    NOT NULL
);
