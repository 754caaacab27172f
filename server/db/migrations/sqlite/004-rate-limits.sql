-- Rate-limit counters shared by every instance (decision 015). A single SQLite process keeps its
-- counters in memory, so this table stays empty there; it exists so both engines have one schema.
CREATE TABLE rate_limit_hits (
  key          TEXT    NOT NULL,
  window_start INTEGER NOT NULL,
  hits         INTEGER NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);
