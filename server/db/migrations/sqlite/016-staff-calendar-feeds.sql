-- Issue 29: each staff member's private calendar feed (/calendar/<secret>.ics) of their upcoming
-- booked demos. Only a hash of the secret is stored (SHA-256, hex): the feed is found by the hash
-- of the secret in its URL. The secret itself is an HMAC of the user and `generation` under the
-- server's key, so the staff area can show the URL again without it being stored; "Renew" adds
-- one to `generation` and replaces the hash, and the old URL finds nothing at once.
-- (migrations/postgres/016 makes the same table on PostgreSQL.)
CREATE TABLE staff_calendar_feeds (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_hash TEXT    NOT NULL UNIQUE CHECK (length(secret_hash) = 64),
  generation  INTEGER NOT NULL CHECK (generation >= 1),
  renewed_at  TEXT    NOT NULL
);
