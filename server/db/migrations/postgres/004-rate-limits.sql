-- Rate-limit counters shared by every instance (decision 015): one row per key (route and
-- client address) and fixed one-minute window, incremented atomically with an upsert.
CREATE TABLE rate_limit_hits (
  key          TEXT    NOT NULL,
  window_start BIGINT  NOT NULL,
  hits         INTEGER NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);
