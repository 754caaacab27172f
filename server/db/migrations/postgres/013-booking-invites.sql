-- Issue 29: a booked demo's calendar invites and reminders go through the outbox (see
-- migrations/sqlite/013 for the why): four kinds, the invite's text and the booking's uid.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('sales-demo', 'sales-contact', 'demo-confirmation', 'owner-assigned',
                  'booking-invite', 'booking-invite-staff', 'booking-reminder', 'booking-reminder-staff'));
ALTER TABLE outbox ADD COLUMN calendar TEXT;
ALTER TABLE outbox ADD COLUMN booking_uid TEXT;
CREATE INDEX outbox_booking ON outbox (booking_uid) WHERE booking_uid IS NOT NULL;
