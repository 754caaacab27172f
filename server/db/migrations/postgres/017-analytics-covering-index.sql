-- Issue 30: every dashboard read of the daily rollups is "one dimension over a range of days,
-- summed by value" (top pages, sources, campaigns, entry pages, devices, the funnel). With the
-- index on (dimension, day) alone each of those rows was then fetched from the table (the top
-- pages of a year: about 30,000 heap fetches, the one query near 200 ms); this index carries the
-- value and the three counts, so PostgreSQL answers from the index alone (an index-only scan,
-- once autovacuum has set the visibility map). It replaces the narrower one. (migrations/sqlite/017
-- does the same on SQLite.)
CREATE INDEX analytics_daily_covering ON analytics_daily (dimension, day) INCLUDE (value, visitors, events, conversions);
DROP INDEX analytics_daily_dimension;
-- The dashboard's "what converts" counts demo requests by landing page too: read out of the
-- attribution's JSON text it could not be indexed, so it gets a column beside source and
-- campaign on every submission table (the kind layer writes the four alike), filled from the
-- rows stored so far, without the query string (as the rollup's entry pages).
ALTER TABLE demo_requests ADD COLUMN landing_page TEXT;
ALTER TABLE contact_messages ADD COLUMN landing_page TEXT;
ALTER TABLE feedback ADD COLUMN landing_page TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN landing_page TEXT;
UPDATE demo_requests SET landing_page = split_part(attribution::json ->> 'landing_page', '?', 1) WHERE attribution LIKE '{%}';
UPDATE contact_messages SET landing_page = split_part(attribution::json ->> 'landing_page', '?', 1) WHERE attribution LIKE '{%}';
UPDATE feedback SET landing_page = split_part(attribution::json ->> 'landing_page', '?', 1) WHERE attribution LIKE '{%}';
UPDATE newsletter_subscribers SET landing_page = split_part(attribution::json ->> 'landing_page', '?', 1) WHERE attribution LIKE '{%}';
-- That count and the funnel's go by status, source, campaign and landing page over a range of
-- days, and look up each request's bookings by id: this index holds all of it, so they are
-- index-only scans of the range.
CREATE INDEX demo_requests_conversion ON demo_requests (created_at) INCLUDE (id, is_spam, status, source, campaign, landing_page);
