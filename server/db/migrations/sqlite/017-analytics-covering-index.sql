-- Issue 30: every dashboard read of the daily rollups is "one dimension over a range of days,
-- summed by value" (top pages, sources, campaigns, entry pages, devices, the funnel). With the
-- index on (dimension, day) alone each of those rows was then looked up in the table; this index
-- carries the value and the three counts too, so the read never leaves the index (a year of top
-- pages is about 30,000 rows). It replaces the narrower one. (migrations/postgres/017 does the
-- same on PostgreSQL.)
CREATE INDEX analytics_daily_covering ON analytics_daily (dimension, day, value, visitors, events, conversions);
DROP INDEX analytics_daily_dimension;
-- The dashboard's "what converts" and its funnel count the demo requests of a date range by
-- status, source and campaign, and look up each one's bookings by id (the rowid, in every
-- index): this index holds all of it, so those counts walk the range in the index alone.
CREATE INDEX demo_requests_conversion ON demo_requests (created_at, is_spam, status, source, campaign);
