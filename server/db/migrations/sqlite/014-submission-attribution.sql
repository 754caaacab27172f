-- Issue 30: a lead's source on every submission (decision 049). (migrations/postgres/014 does the
-- same on PostgreSQL.) Each submission table gets the attribution the form sent, checked and
-- stored as JSON text for the inbox, the exports and the emails, and the two values the inbox
-- filters by as their own columns: `source` (utm_source, else the click id's network, else the
-- referrer's host, else 'Direct / None': the analytics dashboard's names) and `campaign`
-- (utm_campaign). Rows stored before, and posts without an attribution, hold null in all three.
-- The filters compare case-insensitively (lower() on both sides); each index is on that
-- expression and then created_at, the list's default order, so a filtered list walks it newest
-- first and stops at the page.
ALTER TABLE demo_requests ADD COLUMN attribution TEXT;
ALTER TABLE demo_requests ADD COLUMN source TEXT;
ALTER TABLE demo_requests ADD COLUMN campaign TEXT;
ALTER TABLE contact_messages ADD COLUMN attribution TEXT;
ALTER TABLE contact_messages ADD COLUMN source TEXT;
ALTER TABLE contact_messages ADD COLUMN campaign TEXT;
ALTER TABLE feedback ADD COLUMN attribution TEXT;
ALTER TABLE feedback ADD COLUMN source TEXT;
ALTER TABLE feedback ADD COLUMN campaign TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN attribution TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN source TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN campaign TEXT;
CREATE INDEX demo_requests_source ON demo_requests ((lower(source)), created_at);
CREATE INDEX demo_requests_campaign ON demo_requests ((lower(campaign)), created_at);
CREATE INDEX contact_messages_source ON contact_messages ((lower(source)), created_at);
CREATE INDEX contact_messages_campaign ON contact_messages ((lower(campaign)), created_at);
CREATE INDEX feedback_source ON feedback ((lower(source)), created_at);
CREATE INDEX feedback_campaign ON feedback ((lower(campaign)), created_at);
CREATE INDEX newsletter_subscribers_source ON newsletter_subscribers ((lower(source)), created_at);
CREATE INDEX newsletter_subscribers_campaign ON newsletter_subscribers ((lower(campaign)), created_at);
