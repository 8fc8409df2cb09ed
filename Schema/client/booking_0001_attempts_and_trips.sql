-- booking.sqlite: what must never be lost. WAL, synchronous=FULL.

-- One checkout attempt. Written, with its idempotency key, before the first
-- network call of the attempt; the record launch-time reconciliation runs on.
CREATE TABLE booking_attempt (
    attempt_id      TEXT PRIMARY KEY NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    offer_id        TEXT NOT NULL,
    quote_id        TEXT NOT NULL,
    hold_id         TEXT,
    booking_id      TEXT,
    status          TEXT NOT NULL CHECK (status IN (
                        'HOLD_REQUESTED', 'HELD', 'PAYMENT_SUBMITTED', 'ACTION_REQUIRED',
                        'PROCESSING', 'CONFIRMED', 'FAILED', 'EXPIRED', 'CANCELLED', 'ABANDONED')),
    -- The server's booking version last applied; 0 before any answer.
    version         INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    -- The hold clock's saved anchor (boot id + monotonic instant + expiresInMs).
    hold_anchor     TEXT,
    created_at      INTEGER NOT NULL, -- unix ms, for display and key lifetime only
    updated_at      INTEGER NOT NULL
) STRICT;

-- Reconciliation reads every attempt that is not final.
CREATE INDEX booking_attempt_open ON booking_attempt (created_at)
    WHERE status NOT IN ('CONFIRMED', 'FAILED', 'EXPIRED', 'CANCELLED', 'ABANDONED');

-- Confirmed bookings, readable offline.
CREATE TABLE trip (
    booking_id    TEXT PRIMARY KEY NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('CONFIRMED', 'CANCELLED')),
    property_json TEXT NOT NULL CHECK (json_valid(property_json)),
    check_in      TEXT NOT NULL CHECK (check_in GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    check_out     TEXT NOT NULL CHECK (check_out GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND check_out > check_in),
    voucher_code  TEXT,
    version       INTEGER NOT NULL CHECK (version >= 0),
    synced_at     INTEGER NOT NULL -- unix ms of the server answer this row came from
) STRICT;

CREATE INDEX trip_by_check_in ON trip (check_in, booking_id);

-- Never move backwards, enforced here for every UPDATE whatever code runs it:
-- a final attempt stays final; an older version, or the same version with an
-- earlier phase, changes nothing (the row is skipped, changes() reads 0).
CREATE TRIGGER booking_attempt_forward_only
BEFORE UPDATE ON booking_attempt
WHEN OLD.status IN ('CONFIRMED', 'FAILED', 'EXPIRED', 'CANCELLED', 'ABANDONED')
  OR NEW.version < OLD.version
  OR (NEW.version = OLD.version AND
      (CASE NEW.status WHEN 'HOLD_REQUESTED' THEN 0 WHEN 'HELD' THEN 1 WHEN 'PAYMENT_SUBMITTED' THEN 2
                       WHEN 'ACTION_REQUIRED' THEN 3 WHEN 'PROCESSING' THEN 4 ELSE 5 END) <
      (CASE OLD.status WHEN 'HOLD_REQUESTED' THEN 0 WHEN 'HELD' THEN 1 WHEN 'PAYMENT_SUBMITTED' THEN 2
                       WHEN 'ACTION_REQUIRED' THEN 3 WHEN 'PROCESSING' THEN 4 ELSE 5 END))
BEGIN
    SELECT RAISE(IGNORE);
END;

-- What identifies an attempt never changes, and a server id once learned is
-- never replaced by another: that would be a bug, so it aborts loudly.
CREATE TRIGGER booking_attempt_identity_fixed
BEFORE UPDATE ON booking_attempt
WHEN NEW.attempt_id IS NOT OLD.attempt_id
  OR NEW.idempotency_key IS NOT OLD.idempotency_key
  OR NEW.offer_id IS NOT OLD.offer_id
  OR NEW.quote_id IS NOT OLD.quote_id
  OR NEW.created_at IS NOT OLD.created_at
  OR (OLD.hold_id IS NOT NULL AND NEW.hold_id IS NOT OLD.hold_id)
  OR (OLD.booking_id IS NOT NULL AND NEW.booking_id IS NOT OLD.booking_id)
BEGIN
    SELECT RAISE(ABORT, 'booking_attempt identity fields are fixed once set');
END;
