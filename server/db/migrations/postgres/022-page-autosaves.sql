-- Issue 31 (see migrations/sqlite/022 for the why): content_autosaves takes kind 'page', whose
-- item is a page id, so item_id becomes TEXT (the integer ids kept as their digits).
ALTER TABLE content_autosaves DROP CONSTRAINT content_autosaves_kind_check;
ALTER TABLE content_autosaves ADD CONSTRAINT content_autosaves_kind_check
  CHECK (kind IN ('faq', 'glossary', 'page'));
ALTER TABLE content_autosaves ALTER COLUMN item_id TYPE TEXT USING item_id::text;
