-- booking.sqlite, step 10: a change of a booking's dates is a durable
-- request, like a cancellation. The row, with its idempotency key, the
-- quote it applies and the version it applies it at, is committed before
-- the POST leaves; every resend (by the next `booking modify`, or by
-- reconciliation) carries the same key, quote and version; the server's
-- answer finishes it in the transaction that saves the trip (by version).

CREATE TABLE modify_request (
    idempotency_key TEXT PRIMARY KEY NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    booking_id      TEXT NOT NULL CHECK (length(booking_id) BETWEEN 1 AND 255),
    quote_id        TEXT NOT NULL CHECK (length(quote_id) BETWEEN 1 AND 64),
    -- The trip version the quote was made for: sent as the request's
    -- version, so the server applies it to that version or refuses.
    version         INTEGER NOT NULL CHECK (version >= 1),
    -- The new dates (YYYY-MM-DD): a lookup that reads a newer version on
    -- them knows the change was applied.
    check_in        TEXT NOT NULL CHECK (length(check_in) = 10),
    check_out       TEXT NOT NULL CHECK (length(check_out) = 10 AND check_out > check_in),
    -- The quote's new total and difference (minor units, signed), for display.
    total_amount    INTEGER NOT NULL CHECK (total_amount >= 0),
    difference      INTEGER NOT NULL,
    currency        TEXT NOT NULL CHECK (length(currency) = 3),
    -- OPEN: saved; its POST may have left, so its outcome is asked for.
    -- MODIFIED: the server applied it. REFUSED: the server refused it (see
    -- reason) or it never left; it changed nothing.
    status          TEXT NOT NULL CHECK (status IN ('OPEN', 'MODIFIED', 'REFUSED')),
    reason          TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 200),
    created_at      INTEGER NOT NULL, -- unix ms, for display only
    updated_at      INTEGER NOT NULL
) STRICT;

-- One open modification per booking: a second `booking modify` settles the
-- saved one first instead of sending another.
CREATE UNIQUE INDEX modify_request_one_open ON modify_request (booking_id) WHERE status = 'OPEN';

-- A finished request stays finished; an open one only finishes.
CREATE TRIGGER modify_request_forward_only
BEFORE UPDATE ON modify_request
WHEN OLD.status <> 'OPEN'
BEGIN
    SELECT RAISE(IGNORE);
END;

-- What a request sends never changes once saved.
CREATE TRIGGER modify_request_identity_fixed
BEFORE UPDATE ON modify_request
WHEN (NEW.idempotency_key, NEW.booking_id, NEW.quote_id, NEW.version, NEW.check_in, NEW.check_out, NEW.created_at)
     IS NOT (OLD.idempotency_key, OLD.booking_id, OLD.quote_id, OLD.version, OLD.check_in, OLD.check_out, OLD.created_at)
BEGIN
    SELECT RAISE(ABORT, 'modify_request identity fields are fixed once set');
END;
