-- The first schema: every submission the site receives, staff accounts and their sign-ins,
-- and the FAQ and glossary the pages read. Times are ISO 8601 UTC text.

CREATE TABLE feedback (
  id         INTEGER PRIMARY KEY,
  feedback   TEXT    NOT NULL,
  is_spam    INTEGER NOT NULL DEFAULT 0 CHECK (is_spam IN (0, 1)),
  created_at TEXT    NOT NULL
);

CREATE TABLE demo_requests (
  id         INTEGER PRIMARY KEY,
  name       TEXT    NOT NULL,
  job_title  TEXT    NOT NULL,
  company    TEXT    NOT NULL,
  country    TEXT    NOT NULL,
  number     TEXT    NOT NULL,
  email      TEXT    NOT NULL,
  text       TEXT    NOT NULL,
  is_spam    INTEGER NOT NULL DEFAULT 0 CHECK (is_spam IN (0, 1)),
  created_at TEXT    NOT NULL
);

CREATE TABLE contact_messages (
  id         INTEGER PRIMARY KEY,
  name       TEXT    NOT NULL,
  email      TEXT    NOT NULL,
  subject    TEXT    NOT NULL,
  inq_type   INTEGER NOT NULL CHECK (inq_type IN (1, 2, 3)),
  message    TEXT    NOT NULL,
  img        BLOB    NOT NULL,
  img_type   TEXT    NOT NULL,
  img_size   INTEGER NOT NULL,
  img_sha256 TEXT    NOT NULL,
  is_spam    INTEGER NOT NULL DEFAULT 0 CHECK (is_spam IN (0, 1)),
  created_at TEXT    NOT NULL
);

CREATE TABLE newsletter_subscribers (
  id         INTEGER PRIMARY KEY,
  email      TEXT    NOT NULL UNIQUE,
  is_spam    INTEGER NOT NULL DEFAULT 0 CHECK (is_spam IN (0, 1)),
  created_at TEXT    NOT NULL
);

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  disabled_at   TEXT
);

-- One row per sign-in. The refresh token is kept only as its SHA-256; the access token names
-- the row by session_id, so revoking the row revokes both.
CREATE TABLE refresh_tokens (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id TEXT    NOT NULL UNIQUE,
  token_hash TEXT    NOT NULL UNIQUE,
  created_at TEXT    NOT NULL,
  expires_at TEXT    NOT NULL,
  revoked_at TEXT
);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

-- Failed sign-ins, keyed by 'user:<name>' or 'addr:<ip>', for slowing and locking.
CREATE TABLE sign_in_failures (
  key             TEXT    PRIMARY KEY,
  failures        INTEGER NOT NULL,
  last_failed_at  TEXT    NOT NULL,
  locked_until    TEXT
);

CREATE TABLE faqs (
  id       INTEGER PRIMARY KEY,
  position INTEGER NOT NULL,
  question TEXT    NOT NULL UNIQUE,
  answer   TEXT    NOT NULL
);

CREATE TABLE glossary_entries (
  id          INTEGER PRIMARY KEY,
  category    TEXT NOT NULL,
  term        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  description TEXT NOT NULL
);
