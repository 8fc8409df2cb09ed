-- The refund before cancelling: a quote of what cancelling a confirmed
-- booking gives back, at one of its versions, for a while. A cancel may
-- name one (quoteId); it is refused with a new quote when the quote
-- expired, or when the booking or its refund changed since.

-- A quote of a cancellation: the refund and the penalty kept (refund +
-- penalty is the booking's total at for_version), in the booking's
-- currency, answering until expires_at_ms (the sandbox's clock) and only
-- at for_version.
CREATE TABLE cancellation_quote (
    quote_id       TEXT PRIMARY KEY NOT NULL,
    account        TEXT NOT NULL REFERENCES account (name),
    booking_id     TEXT NOT NULL REFERENCES booking (booking_id),
    for_version    INTEGER NOT NULL CHECK (for_version >= 1),
    refund_amount  INTEGER NOT NULL CHECK (refund_amount >= 0),
    penalty_amount INTEGER NOT NULL CHECK (penalty_amount >= 0),
    currency       TEXT NOT NULL,
    created_at_ms  INTEGER NOT NULL,
    expires_at_ms  INTEGER NOT NULL CHECK (expires_at_ms > created_at_ms)
) STRICT;
