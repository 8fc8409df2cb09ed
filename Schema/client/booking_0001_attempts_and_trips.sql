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
