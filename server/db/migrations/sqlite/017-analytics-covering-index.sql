-- Issue 30: every dashboard read of the daily rollups is "one dimension over a range of days,
-- summed by value" (top pages, sources, campaigns, entry pages, devices, the funnel). With the
-- index on (dimension, day) alone each of those rows was then looked up in the table; this index
-- carries the value and the three counts too, so the read never leaves the index (a year of top
-- pages is about 30,000 rows). It replaces the narrower one. (migrations/postgres/017 does the
-- same on PostgreSQL.)
CREATE INDEX analytics_daily_covering ON analytics_daily (dimension, day, value, visitors, events, conversions);
DROP INDEX analytics_daily_dimension;
