-- booking.sqlite, step 5: a hold the client gives up (Back, a newer hold
-- that replaced it, a declined attempt the user left) is released on the
-- server by a durable request, like a payment or a cancellation. The row,
-- with its idempotency key, is committed before the POST leaves; every
-- resend (by this process, by reconciliation, by the next launch) uses the
-- same key; the server's answer finishes it.

CREATE TABLE hold_release (
    -- One request per hold: giving a hold up twice resends the saved one.
    hold_id         TEXT PRIMARY KEY NOT NULL CHECK (length(hold_id) BETWEEN 1 AND 255),
    idempotency_key TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    -- The attempt that gave the hold up (for display and logs only).
    attempt_id      TEXT NOT NULL CHECK (length(attempt_id) BETWEEN 1 AND 255),
    -- OPEN: saved; its POST may have left, so it is sent (again) until the
    -- server answers. RELEASED: the server ended the hold (or it had ended).
    -- REFUSED: nothing was released, see reason (HOLD_ALREADY_BOOKED: a
    -- booking uses it; NOT_FOUND; IN_USE_ON_DEVICE: an attempt on this
    -- device pays it again, so it was never sent).
    status          TEXT NOT NULL CHECK (status IN ('OPEN', 'RELEASED', 'REFUSED')),
    reason          TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 200),
    created_at      INTEGER NOT NULL, -- unix ms
    updated_at      INTEGER NOT NULL
) STRICT;

CREATE INDEX hold_release_open ON hold_release (created_at) WHERE status = 'OPEN';

-- A finished request stays finished; an open one only finishes.
CREATE TRIGGER hold_release_forward_only
BEFORE UPDATE ON hold_release
WHEN OLD.status <> 'OPEN'
BEGIN
    SELECT RAISE(IGNORE);
END;

-- What a request sends never changes once saved.
CREATE TRIGGER hold_release_identity_fixed
BEFORE UPDATE ON hold_release
WHEN (NEW.hold_id, NEW.idempotency_key, NEW.attempt_id, NEW.created_at)
     IS NOT (OLD.hold_id, OLD.idempotency_key, OLD.attempt_id, OLD.created_at)
BEGIN
    SELECT RAISE(ABORT, 'hold_release identity fields are fixed once set');
END;
