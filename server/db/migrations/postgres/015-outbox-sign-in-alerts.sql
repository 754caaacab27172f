-- Issue 33: a staff member is emailed when their account sees a burst of failed sign-ins (see
-- migrations/sqlite/015 for the why): kind 'sign-in-alert'; an email about an account has no
-- submission, so submission_kind and submission_id become nullable, both set or both null.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('sales-demo', 'sales-contact', 'demo-confirmation', 'owner-assigned',
                  'booking-invite', 'booking-invite-staff', 'booking-reminder', 'booking-reminder-staff',
                  'sign-in-alert'));
ALTER TABLE outbox ALTER COLUMN submission_kind DROP NOT NULL;
ALTER TABLE outbox ALTER COLUMN submission_id DROP NOT NULL;
ALTER TABLE outbox ADD CONSTRAINT outbox_submission_both CHECK ((submission_kind IS NULL) = (submission_id IS NULL));
