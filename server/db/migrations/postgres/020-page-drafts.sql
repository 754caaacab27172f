-- Issue 31: drafts, scheduled publishing and preview for page documents (decision 055). The same
-- columns and meanings as sqlite/020-page-drafts.sql.
ALTER TABLE page_documents ALTER COLUMN document DROP NOT NULL;
ALTER TABLE page_documents ADD COLUMN draft_json TEXT;
ALTER TABLE page_documents ADD COLUMN publish_at TEXT;
ALTER TABLE page_documents ADD COLUMN draft_at TEXT;
ALTER TABLE page_documents ADD COLUMN draft_by TEXT;
CREATE INDEX page_documents_publish_at ON page_documents (publish_at) WHERE publish_at IS NOT NULL;

-- Each version says what it was: a save (live at once), a draft, or the draft published.
ALTER TABLE page_document_history ADD COLUMN action TEXT NOT NULL DEFAULT 'save'
  CHECK (action IN ('save', 'draft', 'publish'));
