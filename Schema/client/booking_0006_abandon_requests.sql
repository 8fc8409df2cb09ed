-- booking.sqlite, step 6: leaving a pending 3-D Secure challenge ("Use
-- another card", or Back) is a durable request, like a release. The row,
-- with its idempotency key, is committed before the POST leaves; every
-- resend (by this process, by reconciliation) uses the same key; the
-- server's answer finishes it. Until then the attempt stays as the server
-- last said (ACTION_REQUIRED): only the booking's answer ends it.

CREATE TABLE abandon_request (
    -- One request per booking.
    booking_id      TEXT PRIMARY KEY NOT NULL CHECK (length(booking_id) BETWEEN 1 AND 255),
    idempotency_key TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    attempt_id      TEXT NOT NULL CHECK (length(attempt_id) BETWEEN 1 AND 255),
    -- 1: the user went back, so once abandoned, the hold is given up too
    -- (a release saved then); 0: the hold is paid again ("Use another card").
    release_hold    INTEGER NOT NULL CHECK (release_hold IN (0, 1)),
    -- OPEN: saved; sent (again) until answered. ABANDONED: the booking
    -- ended unpaid. REFUSED: the bank passed it first, or the server has no
    -- such booking (see reason); nothing was abandoned.
    status          TEXT NOT NULL CHECK (status IN ('OPEN', 'ABANDONED', 'REFUSED')),
    reason          TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 200),
    created_at      INTEGER NOT NULL, -- unix ms
    updated_at      INTEGER NOT NULL
) STRICT;

CREATE INDEX abandon_request_open ON abandon_request (created_at) WHERE status = 'OPEN';

-- A finished request stays finished; an open one only finishes.
CREATE TRIGGER abandon_request_forward_only
BEFORE UPDATE ON abandon_request
WHEN OLD.status <> 'OPEN'
BEGIN
    SELECT RAISE(IGNORE);
END;

-- What a request sends never changes once saved.
CREATE TRIGGER abandon_request_identity_fixed
BEFORE UPDATE ON abandon_request
WHEN (NEW.booking_id, NEW.idempotency_key, NEW.attempt_id, NEW.created_at)
     IS NOT (OLD.booking_id, OLD.idempotency_key, OLD.attempt_id, OLD.created_at)
BEGIN
    SELECT RAISE(ABORT, 'abandon_request identity fields are fixed once set');
END;
