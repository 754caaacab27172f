-- Visitor analytics without cookies (issue 30, decision 047). Plausible's privacy model: the
-- visitor id of an event is a hash of the day's random salt, the site, the address and the user
-- agent; the salt is deleted 48 hours after its day began, so no id can be rebuilt after that.
-- Neither the address nor the user agent is stored.
CREATE TABLE analytics_salts (
  day        TEXT NOT NULL PRIMARY KEY, -- YYYY-MM-DD, UTC
  salt       TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- Raw events, kept ANALYTICS_RAW_RETENTION_DAYS (default 90), then deleted; the rollups stay.
CREATE TABLE analytics_events (
  id            INTEGER PRIMARY KEY,
  day           TEXT    NOT NULL,
  at            TEXT    NOT NULL,
  type          TEXT    NOT NULL, -- pageview, search, demo_modal_opened, form_submitted, demo_booked
  path          TEXT    NOT NULL, -- without the query string
  referrer_host TEXT,             -- another site's host; null for direct and for the site's own pages
  source        TEXT    NOT NULL, -- utm_source, else a click id's network, else the referrer's host, else 'Direct / None'
  utm_medium    TEXT,
  utm_campaign  TEXT,
  utm_term      TEXT,
  utm_content   TEXT,
  visitor       TEXT    NOT NULL, -- the daily hash
  device        TEXT    NOT NULL, -- desktop, mobile, tablet
  name          TEXT,             -- the search query or the form's name
  found         INTEGER           -- search: how many results (0 = found nothing)
);
CREATE INDEX analytics_events_day ON analytics_events (day, visitor);

-- Daily aggregates, kept for good: one row per day, dimension (total, page, entry, source,
-- campaign, device, search, search_none, event, funnel) and value.
CREATE TABLE analytics_daily (
  day         TEXT    NOT NULL,
  dimension   TEXT    NOT NULL,
  value       TEXT    NOT NULL,
  visitors    INTEGER NOT NULL,
  events      INTEGER NOT NULL,
  conversions INTEGER NOT NULL,
  PRIMARY KEY (day, dimension, value)
);
CREATE INDEX analytics_daily_dimension ON analytics_daily (dimension, day);
