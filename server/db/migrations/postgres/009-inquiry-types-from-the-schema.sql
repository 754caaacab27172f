-- Decision 040: the contact form's inquiry types are one list in common/inquiry-types.ts, enforced
-- by the contact schema on every way in (the API and the page). The database's copy of the list,
-- 001's CHECK (inq_type IN (1, 2, 3)), goes, so a new type is that one line and no migration.
-- (migrations/sqlite/009 drops the same CHECK on SQLite, where it takes a rebuild of the table.)
ALTER TABLE contact_messages DROP CONSTRAINT IF EXISTS contact_messages_inq_type_check;
