-- Changing a confirmed booking's dates: a quote for the new dates first,
-- then one modification under an Idempotency-Key that applies it (the
-- hold's dates and price change, the booking moves to a new version).

-- A quote for new dates of a booking at one version: the new price and the
-- difference to the price paid (positive: to charge, negative: to refund),
-- in the booking's currency. It answers for a while (expires_at_ms, the
-- sandbox's clock) and only at for_version.
CREATE TABLE modification_quote (
    quote_id      TEXT PRIMARY KEY NOT NULL,
    account       TEXT NOT NULL REFERENCES account (name),
    booking_id    TEXT NOT NULL REFERENCES booking (booking_id),
    for_version   INTEGER NOT NULL CHECK (for_version >= 1),
    check_in_day  INTEGER NOT NULL,   -- days since 1970-01-01
    check_out_day INTEGER NOT NULL CHECK (check_out_day > check_in_day),
    price_json    TEXT NOT NULL,      -- the new breakdown, as sent
    total_amount  INTEGER NOT NULL CHECK (total_amount >= 0),
    difference    INTEGER NOT NULL,
    currency      TEXT NOT NULL,
    created_at_ms INTEGER NOT NULL,
    expires_at_ms INTEGER NOT NULL CHECK (expires_at_ms > created_at_ms)
) STRICT;

-- The money a modification moved: the difference charged or refunded, one
-- entry at most per modification (a booking's version moves once per
-- modification, so UNIQUE (booking_id, from_version) is "once"). A
-- modification that costs the same moves nothing and has no entry. seq is
-- drawn from the ledger's counter, so the ledger lists both tables in order.
CREATE TABLE ledger_difference (
    entry_id        TEXT PRIMARY KEY NOT NULL,
    seq             INTEGER NOT NULL UNIQUE,
    kind            TEXT NOT NULL CHECK (kind IN ('difference_charge', 'difference_refund')),
    account         TEXT NOT NULL REFERENCES account (name),
    idempotency_key TEXT NOT NULL,
    hold_id         TEXT NOT NULL,
    booking_id      TEXT NOT NULL REFERENCES booking (booking_id),
    quote_id        TEXT NOT NULL UNIQUE REFERENCES modification_quote (quote_id),
    from_version    INTEGER NOT NULL CHECK (from_version >= 1),
    amount          INTEGER NOT NULL CHECK (amount > 0),
    currency        TEXT NOT NULL,
    created_at_ms   INTEGER NOT NULL,
    UNIQUE (booking_id, from_version)
) STRICT;

CREATE INDEX ledger_difference_by_account ON ledger_difference (account, seq);
