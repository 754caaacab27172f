-- Issue 30: every dashboard read of the daily rollups is "one dimension over a range of days,
-- summed by value" (top pages, sources, campaigns, entry pages, devices, the funnel). With the
-- index on (dimension, day) alone each of those rows was then looked up in the table; this index
-- carries the value and the three counts too, so the read never leaves the index (a year of top
-- pages is about 30,000 rows). It replaces the narrower one. (migrations/postgres/017 does the
-- same on PostgreSQL.)
CREATE INDEX analytics_daily_covering ON analytics_daily (dimension, day, value, visitors, events, conversions);
DROP INDEX analytics_daily_dimension;
-- The dashboard's "what converts" counts demo requests by landing page too: read out of the
-- attribution's JSON text it could not be indexed, so it gets a column beside source and
-- campaign on every submission table (the kind layer writes the four alike), filled from the
-- rows stored so far, without the query string (as the rollup's entry pages).
ALTER TABLE demo_requests ADD COLUMN landing_page TEXT;
ALTER TABLE contact_messages ADD COLUMN landing_page TEXT;
ALTER TABLE feedback ADD COLUMN landing_page TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN landing_page TEXT;
UPDATE demo_requests SET landing_page = CASE WHEN instr(json_extract(attribution, '$.landing_page'), '?') > 0
  THEN substr(json_extract(attribution, '$.landing_page'), 1, instr(json_extract(attribution, '$.landing_page'), '?') - 1)
  ELSE json_extract(attribution, '$.landing_page') END WHERE json_valid(attribution);
UPDATE contact_messages SET landing_page = CASE WHEN instr(json_extract(attribution, '$.landing_page'), '?') > 0
  THEN substr(json_extract(attribution, '$.landing_page'), 1, instr(json_extract(attribution, '$.landing_page'), '?') - 1)
  ELSE json_extract(attribution, '$.landing_page') END WHERE json_valid(attribution);
UPDATE feedback SET landing_page = CASE WHEN instr(json_extract(attribution, '$.landing_page'), '?') > 0
  THEN substr(json_extract(attribution, '$.landing_page'), 1, instr(json_extract(attribution, '$.landing_page'), '?') - 1)
  ELSE json_extract(attribution, '$.landing_page') END WHERE json_valid(attribution);
UPDATE newsletter_subscribers SET landing_page = CASE WHEN instr(json_extract(attribution, '$.landing_page'), '?') > 0
  THEN substr(json_extract(attribution, '$.landing_page'), 1, instr(json_extract(attribution, '$.landing_page'), '?') - 1)
  ELSE json_extract(attribution, '$.landing_page') END WHERE json_valid(attribution);
-- That count and the funnel's go by status, source, campaign and landing page over a range of
-- days, and look up each request's bookings by id (the rowid, in every index): this index holds
-- all of it, so they walk the range in the index alone.
CREATE INDEX demo_requests_conversion ON demo_requests (created_at, is_spam, status, source, campaign, landing_page);
