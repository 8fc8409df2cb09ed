-- sandbox.sqlite: the sandbox server's own state. WAL, synchronous=FULL.
-- Inventory (places, properties, rooms) is generated from the seed and is not
-- stored; what clients change is: accounts, price moves, holds, bookings,
-- the ledger and idempotency records. All times are unix milliseconds of the
-- sandbox clock.

-- An account, created on the first request with its bearer token.
CREATE TABLE account (
    name          TEXT PRIMARY KEY NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    created_at_ms INTEGER NOT NULL
) STRICT;

-- Counters for ids (an id is a bijective scramble of seed and counter).
CREATE TABLE id_sequence (
    name TEXT PRIMARY KEY NOT NULL,
    next INTEGER NOT NULL CHECK (next >= 1)
) STRICT;

-- How many times an offer's price moved (the price-changed fault); its
-- price and quote are computed from the seed and this epoch.
CREATE TABLE offer_epoch (
    offer_id TEXT PRIMARY KEY NOT NULL,
    epoch    INTEGER NOT NULL CHECK (epoch >= 0)
) STRICT;

-- A hold: the room kept for one account for a while, at the quoted price.
CREATE TABLE hold (
    hold_id       TEXT PRIMARY KEY NOT NULL,
    account       TEXT NOT NULL REFERENCES account (name),
    offer_id      TEXT NOT NULL,
    quote_id      TEXT NOT NULL,
    property_id   TEXT NOT NULL,
    room_type     TEXT NOT NULL,
    check_in_day  INTEGER NOT NULL,   -- days since 1970-01-01
    check_out_day INTEGER NOT NULL CHECK (check_out_day > check_in_day),
    guests        INTEGER NOT NULL CHECK (guests >= 1),
    price_json    TEXT NOT NULL,      -- the breakdown, as sent
    property_json TEXT NOT NULL,      -- the property, as sent
    room_json     TEXT NOT NULL,      -- the room, as sent
    total_amount  INTEGER NOT NULL CHECK (total_amount >= 0),
    currency      TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    expires_at_ms INTEGER NOT NULL,
    extensions    INTEGER NOT NULL DEFAULT 0 CHECK (extensions >= 0),
    version       INTEGER NOT NULL CHECK (version >= 1),
    -- The booking that holds the room now (NULL when none, or when it failed).
    booking_id    TEXT
) STRICT;

CREATE INDEX hold_by_room ON hold (property_id, room_type, check_in_day);

-- A booking: one payment attempt on a hold.
CREATE TABLE booking (
    booking_id      TEXT PRIMARY KEY NOT NULL,
    seq             INTEGER NOT NULL UNIQUE,
    account         TEXT NOT NULL REFERENCES account (name),
    hold_id         TEXT NOT NULL REFERENCES hold (hold_id),
    idempotency_key TEXT NOT NULL,
    payment_token   TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN (
                        'HELD', 'PAYMENT_REQUIRED', 'ACTION_REQUIRED', 'PROCESSING',
                        'CONFIRMED', 'EXPIRED', 'FAILED', 'CANCELLED')),
    version         INTEGER NOT NULL CHECK (version >= 1),
    -- Whether a charge was captured (it is in ledger_entry too).
    charged         INTEGER NOT NULL DEFAULT 0 CHECK (charged IN (0, 1)),
    created_at_ms   INTEGER NOT NULL,
    updated_at_ms   INTEGER NOT NULL
) STRICT;

-- The recovery lookup: GET /v1/bookings?attempt=<key>.
CREATE INDEX booking_by_key ON booking (account, idempotency_key, seq);
CREATE INDEX booking_by_account ON booking (account, seq);

-- Every version of every booking, as the JSON body sent for it. The latest
-- answers reads; an older one answers the stale-version fault.
CREATE TABLE booking_version (
    booking_id TEXT NOT NULL REFERENCES booking (booking_id),
    version    INTEGER NOT NULL,
    body       TEXT NOT NULL,
    PRIMARY KEY (booking_id, version)
) STRICT;

-- Money that moved: charges and refunds. At most one charge and one refund
-- per booking, enforced by the database itself.
CREATE TABLE ledger_entry (
    entry_id        TEXT PRIMARY KEY NOT NULL,
    seq             INTEGER NOT NULL UNIQUE,
    kind            TEXT NOT NULL CHECK (kind IN ('charge', 'refund')),
    account         TEXT NOT NULL REFERENCES account (name),
    idempotency_key TEXT NOT NULL,
    hold_id         TEXT NOT NULL,
    booking_id      TEXT NOT NULL REFERENCES booking (booking_id),
    amount          INTEGER NOT NULL CHECK (amount >= 0),
    currency        TEXT NOT NULL,
    created_at_ms   INTEGER NOT NULL,
    UNIQUE (booking_id, kind)
) STRICT;

CREATE INDEX ledger_by_account ON ledger_entry (account, seq);

-- Idempotency records, scoped to account and endpoint. A row is 'running'
-- while its request runs (a colliding request gets 409) and 'done' with the
-- response once the endpoint finished; the response is committed in the same
-- transaction as the endpoint's own changes. Rows left 'running' by a crash
-- are deleted at start. Rows older than the key lifetime are pruned.
CREATE TABLE idempotency_record (
    account       TEXT NOT NULL,
    endpoint      TEXT NOT NULL,
    key           TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    fingerprint   TEXT NOT NULL,
    state         TEXT NOT NULL CHECK (state IN ('running', 'done')),
    status        INTEGER,
    headers_json  TEXT,
    body          BLOB,
    created_at_ms INTEGER NOT NULL,
    PRIMARY KEY (account, endpoint, key)
) STRICT;

CREATE INDEX idempotency_record_age ON idempotency_record (created_at_ms);
