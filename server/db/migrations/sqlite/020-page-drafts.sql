-- Issue 31: drafts, scheduled publishing and preview for page documents, in decision 052's shape
-- (decision 055). On page_documents:
--   document    the published document; now null while the page is still its file in content/
--               and only a draft of it is saved (the site keeps showing the file);
--   draft_json  the pending document (JSON), the published one staying until Publish; null when none;
--   publish_at  when the scheduler publishes the draft (ISO instant), null when not scheduled;
--   draft_at / draft_by  when and by whom the draft was last saved.
-- `version` counts every change (draft saves and publishing too), so the version check and the
-- scheduler's compare-and-set cover drafts. SQLite cannot drop a NOT NULL, so the table is rebuilt.
CREATE TABLE page_documents_020 (
  page_id    TEXT    PRIMARY KEY,
  document   TEXT,
  version    INTEGER NOT NULL,
  updated_at TEXT    NOT NULL,
  updated_by TEXT    NOT NULL,
  draft_json TEXT,
  publish_at TEXT,
  draft_at   TEXT,
  draft_by   TEXT
);
INSERT INTO page_documents_020 (page_id, document, version, updated_at, updated_by)
  SELECT page_id, document, version, updated_at, updated_by FROM page_documents;
DROP TABLE page_documents;
ALTER TABLE page_documents_020 RENAME TO page_documents;
CREATE INDEX page_documents_publish_at ON page_documents (publish_at) WHERE publish_at IS NOT NULL;

-- Each version says what it was: a save (live at once), a draft, or the draft published.
ALTER TABLE page_document_history ADD COLUMN action TEXT NOT NULL DEFAULT 'save'
  CHECK (action IN ('save', 'draft', 'publish'));
