-- booking.sqlite, step 4: a cancellation is a durable request, like a
-- checkout attempt. The row, with its idempotency key and the version it
-- cancels, is committed before the POST leaves; every resend (by the user's
-- next `booking cancel`, or by reconciliation) uses the same key and the
-- same version; the server's answer finishes it in the transaction that
-- saves the trip.

CREATE TABLE cancel_request (
    idempotency_key TEXT PRIMARY KEY NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    booking_id      TEXT NOT NULL CHECK (length(booking_id) BETWEEN 1 AND 255),
    -- The trip version the user asked to cancel: sent as the request's
    -- version, so the server cancels that version or refuses.
    version         INTEGER NOT NULL CHECK (version >= 1),
    -- OPEN: saved; its POST may have left, so its outcome is asked for.
    -- CANCELLED: the server cancelled the booking. REFUSED: the server
    -- refused this request (see reason); nothing was cancelled by it.
    status          TEXT NOT NULL CHECK (status IN ('OPEN', 'CANCELLED', 'REFUSED')),
    -- Why a REFUSED request was refused: the server's code
    -- (VERSION_CONFLICT, BOOKING_NOT_CANCELLABLE, NOT_FOUND, ...).
    reason          TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 200),
    created_at      INTEGER NOT NULL, -- unix ms, for display only
    updated_at      INTEGER NOT NULL
) STRICT;

-- One open cancellation per booking: a second `booking cancel` resumes the
-- saved one (same key, same version) instead of sending another.
CREATE UNIQUE INDEX cancel_request_one_open ON cancel_request (booking_id) WHERE status = 'OPEN';

-- A finished request stays finished; an open one only finishes.
CREATE TRIGGER cancel_request_forward_only
BEFORE UPDATE ON cancel_request
WHEN OLD.status <> 'OPEN'
BEGIN
    SELECT RAISE(IGNORE);
END;

-- What a request sends never changes once saved: a resend must be the same
-- request, or the server would refuse the key (or, past the key's
-- lifetime, cancel another version).
CREATE TRIGGER cancel_request_identity_fixed
BEFORE UPDATE ON cancel_request
WHEN (NEW.idempotency_key, NEW.booking_id, NEW.version, NEW.created_at)
     IS NOT (OLD.idempotency_key, OLD.booking_id, OLD.version, OLD.created_at)
BEGIN
    SELECT RAISE(ABORT, 'cancel_request identity fields are fixed once set');
END;
