-- Idempotency keys (issue 15; the same table on both engines): a submission sent twice with the same key (a double click, a resend
-- after a lost answer, any of several server instances) is stored once and answered as the first
-- time. The key is claimed in the same transaction that stores the submission; the primary key
-- makes a second claim of (kind, key) fail, whichever instance makes it.
CREATE TABLE idempotency_keys (
  -- The submission kind, as the inbox names it: keys of different forms never meet.
  kind        TEXT NOT NULL,
  idem_key    TEXT NOT NULL,
  -- SHA-256 of the validated body: the same key with another body is refused (409).
  body_sha256 TEXT NOT NULL,
  -- The message the first answer carried, answered again to a repeat.
  message     TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (kind, idem_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
