-- Issue 29: demos booked on the spot (decision 045). (migrations/postgres/011 makes the same
-- schema on PostgreSQL.)
-- Availability is stored as the staff member writes it: wall-clock ranges per weekday plus their
-- IANA zone, expanded day by day when slots are computed, so daylight saving is always right.
-- Bookings are UTC instants (ISO 8601 text, always YYYY-MM-DDTHH:MM:SS.sssZ, so text order is
-- time order) with an owner. No owner ever has two overlapping 'booked' bookings: the repository
-- checks inside the write transaction (BEGIN IMMEDIATE), and the trigger below refuses any
-- write that slips past it.

CREATE TABLE staff_availability (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  time_zone   TEXT    NOT NULL,
  -- The video room; NULL means the meeting is a phone call.
  meeting_url TEXT,
  in_rotation INTEGER NOT NULL DEFAULT 1 CHECK (in_rotation IN (0, 1)),
  updated_at  TEXT    NOT NULL,
  updated_by  TEXT    NOT NULL
);

-- day 1 = Monday … 7 = Sunday; times HH:MM on the staff member's wall clock, end up to 24:00.
CREATE TABLE staff_weekly_hours (
  user_id    INTEGER NOT NULL REFERENCES staff_availability (user_id) ON DELETE CASCADE,
  day        INTEGER NOT NULL CHECK (day BETWEEN 1 AND 7),
  start_time TEXT    NOT NULL CHECK (length(start_time) = 5),
  end_time   TEXT    NOT NULL CHECK (length(end_time) = 5),
  CHECK (start_time < end_time),
  PRIMARY KEY (user_id, day, start_time)
);

CREATE TABLE staff_days_off (
  user_id INTEGER NOT NULL REFERENCES staff_availability (user_id) ON DELETE CASCADE,
  day     TEXT    NOT NULL CHECK (length(day) = 10),
  PRIMARY KEY (user_id, day)
);

-- One row (id 1) of what staff changed; a NULL column uses the configured value (server/config.ts).
CREATE TABLE booking_settings (
  id               INTEGER PRIMARY KEY CHECK (id = 1),
  meeting_minutes  INTEGER CHECK (meeting_minutes BETWEEN 5 AND 480),
  buffer_minutes   INTEGER CHECK (buffer_minutes BETWEEN 0 AND 240),
  notice_minutes   INTEGER CHECK (notice_minutes BETWEEN 0 AND 20160),
  horizon_days     INTEGER CHECK (horizon_days BETWEEN 1 AND 90),
  updated_at       TEXT    NOT NULL,
  updated_by       TEXT    NOT NULL
);

CREATE TABLE bookings (
  id              INTEGER PRIMARY KEY,
  -- Stable across reschedules: the calendar UID of the invite.
  uid             TEXT    NOT NULL UNIQUE,
  -- The invite's SEQUENCE: 0 when booked, +1 on every reschedule or cancellation.
  sequence        INTEGER NOT NULL DEFAULT 0,
  owner_id        INTEGER NOT NULL REFERENCES users (id),
  start_at        TEXT    NOT NULL CHECK (length(start_at) = 24),
  end_at          TEXT    NOT NULL CHECK (length(end_at) = 24),
  status          TEXT    NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
  -- Why this owner (routing), shown in the inbox.
  routing_reason  TEXT    NOT NULL,
  time_zone       TEXT    NOT NULL,
  demo_request_id INTEGER REFERENCES demo_requests (id) ON DELETE CASCADE,
  created_at      TEXT    NOT NULL,
  updated_at      TEXT    NOT NULL,
  CHECK (start_at < end_at)
);
CREATE INDEX bookings_owner_start ON bookings (owner_id, start_at) WHERE status = 'booked';
CREATE INDEX bookings_start ON bookings (start_at) WHERE status = 'booked';
CREATE INDEX bookings_demo_request ON bookings (demo_request_id);

CREATE TRIGGER bookings_no_overlap_insert BEFORE INSERT ON bookings
WHEN NEW.status = 'booked' AND EXISTS (
  SELECT 1 FROM bookings b WHERE b.owner_id = NEW.owner_id AND b.status = 'booked' AND b.start_at < NEW.end_at AND NEW.start_at < b.end_at
)
BEGIN SELECT RAISE(ABORT, 'bookings_no_overlap'); END;

CREATE TRIGGER bookings_no_overlap_update BEFORE UPDATE OF owner_id, start_at, end_at, status ON bookings
WHEN NEW.status = 'booked' AND EXISTS (
  SELECT 1 FROM bookings b WHERE b.id <> NEW.id AND b.owner_id = NEW.owner_id AND b.status = 'booked' AND b.start_at < NEW.end_at AND NEW.start_at < b.end_at
)
BEGIN SELECT RAISE(ABORT, 'bookings_no_overlap'); END;

-- What happened to a booking, in order: the inbox shows it.
CREATE TABLE booking_events (
  id         INTEGER PRIMARY KEY,
  booking_id INTEGER NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  action     TEXT    NOT NULL CHECK (action IN ('booked', 'rescheduled', 'cancelled')),
  owner_id   INTEGER NOT NULL,
  start_at   TEXT    NOT NULL,
  end_at     TEXT    NOT NULL,
  -- The staff member who did it; NULL: the visitor.
  username   TEXT,
  created_at TEXT    NOT NULL
);
CREATE INDEX booking_events_booking ON booking_events (booking_id, id);
