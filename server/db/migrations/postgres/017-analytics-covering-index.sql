-- Issue 30: every dashboard read of the daily rollups is "one dimension over a range of days,
-- summed by value" (top pages, sources, campaigns, entry pages, devices, the funnel). With the
-- index on (dimension, day) alone each of those rows was then fetched from the table (the top
-- pages of a year: about 30,000 heap fetches, the one query near 200 ms); this index carries the
-- value and the three counts, so PostgreSQL answers from the index alone (an index-only scan,
-- once autovacuum has set the visibility map). It replaces the narrower one. (migrations/sqlite/017
-- does the same on SQLite.)
CREATE INDEX analytics_daily_covering ON analytics_daily (dimension, day) INCLUDE (value, visitors, events, conversions);
DROP INDEX analytics_daily_dimension;
-- The dashboard's "what converts" and its funnel count the demo requests of a date range by
-- status, source and campaign, and look up each one's bookings by id: this index holds all of
-- it, so those counts are index-only scans of the range.
CREATE INDEX demo_requests_conversion ON demo_requests (created_at) INCLUDE (id, is_spam, status, source, campaign);
