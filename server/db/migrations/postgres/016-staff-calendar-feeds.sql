-- Issue 29: each staff member's private calendar feed (see migrations/sqlite/016 for the why):
-- only the SHA-256 (hex) of the feed's secret is stored, with the generation it was made from.
CREATE TABLE staff_calendar_feeds (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_hash TEXT    NOT NULL UNIQUE CHECK (length(secret_hash) = 64),
  generation  INTEGER NOT NULL CHECK (generation >= 1),
  renewed_at  TEXT    NOT NULL
);
