-- booking.sqlite, step 17: one table for every durable request the client
-- sends about something already paid or held, as the code has one piece
-- for them (`SentRequest`, `RequestTable`). A cancellation, a change of
-- dates, a hold's release and leaving a 3-D Secure page were four tables
-- (steps 4, 10, 5 and 6) that differed only in the columns of what they
-- send; they are one table now, a row's `kind` saying which. Every rule
-- stays: the row and its idempotency key are committed before the POST
-- leaves, every resend carries the same key and the same request, the
-- server's answer finishes it, and a finished row stays finished.
--
-- The four tables' rows move here in this step's transaction, each with
-- every column it had, in the order it was saved; then the tables go.

CREATE TABLE sent_request (
    idempotency_key TEXT PRIMARY KEY NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    -- CANCEL: cancel a booking at a version (and a quoted refund).
    -- MODIFY: change a booking's dates at a version, by a quote.
    -- RELEASE: give a hold up. ABANDON: leave a pending 3-D Secure page.
    kind            TEXT NOT NULL
        CHECK (kind = 'CANCEL' OR kind = 'MODIFY' OR kind = 'RELEASE' OR kind = 'ABANDON'),
    -- The booking a CANCEL, MODIFY or ABANDON is about.
    booking_id      TEXT CHECK (length(booking_id) BETWEEN 1 AND 255),
    -- The hold a RELEASE gives up: one request per hold, ever.
    hold_id         TEXT UNIQUE CHECK (length(hold_id) BETWEEN 1 AND 255),
    -- The attempt that gave a hold up or left the page (RELEASE, ABANDON).
    attempt_id      TEXT CHECK (length(attempt_id) BETWEEN 1 AND 255),
    -- The trip version a CANCEL or MODIFY is sent at: the server applies it
    -- to that version or refuses.
    version         INTEGER CHECK (version >= 1),
    -- The quote a MODIFY applies, or a CANCEL accepted (NULL: a
    -- cancellation at the refund of the moment).
    quote_id        TEXT CHECK (length(quote_id) BETWEEN 1 AND 255),
    -- A MODIFY's new dates (YYYY-MM-DD), and its quote's new total and
    -- difference (minor units, signed), for display.
    check_in        TEXT CHECK (length(check_in) = 10),
    check_out       TEXT CHECK (length(check_out) = 10 AND check_out > check_in),
    total_amount    INTEGER CHECK (total_amount >= 0),
    difference      INTEGER,
    currency        TEXT CHECK (length(currency) = 3),
    -- An ABANDON's 1: the user went back, so once abandoned the hold is
    -- given up too; 0: the hold is paid again ("Use another card").
    release_hold    INTEGER CHECK (release_hold = 0 OR release_hold = 1),
    -- OPEN: saved; its POST may have left, so it is resent with its key or
    -- its outcome asked for. Done (CANCELLED, MODIFIED, RELEASED, ABANDONED,
    -- by kind): the server did it. REFUSED: the server refused it or it
    -- never left (see reason); it changed nothing.
    status          TEXT NOT NULL CHECK (
        status = 'OPEN' OR status = 'REFUSED'
        OR status = CASE kind WHEN 'CANCEL' THEN 'CANCELLED' WHEN 'MODIFY' THEN 'MODIFIED'
                              WHEN 'RELEASE' THEN 'RELEASED' ELSE 'ABANDONED' END),
    reason          TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 200),
    created_at      INTEGER NOT NULL, -- unix ms
    updated_at      INTEGER NOT NULL,
    -- Each kind has exactly the columns of what it sends.
    CHECK ((hold_id IS NULL) = (kind <> 'RELEASE')),
    CHECK ((booking_id IS NULL) = (kind = 'RELEASE')),
    CHECK ((attempt_id IS NULL) = (kind = 'CANCEL' OR kind = 'MODIFY')),
    CHECK ((version IS NULL) = (kind = 'RELEASE' OR kind = 'ABANDON')),
    CHECK ((release_hold IS NULL) = (kind <> 'ABANDON')),
    CHECK (quote_id IS NULL OR kind = 'CANCEL' OR kind = 'MODIFY'),
    CHECK (CASE WHEN kind = 'MODIFY'
                THEN quote_id IS NOT NULL AND check_in IS NOT NULL AND check_out IS NOT NULL
                     AND total_amount IS NOT NULL AND difference IS NOT NULL AND currency IS NOT NULL
                ELSE coalesce(check_in, check_out, total_amount, difference, currency) IS NULL END)
) STRICT;

INSERT INTO sent_request (idempotency_key, kind, booking_id, version, quote_id, status, reason, created_at, updated_at)
SELECT idempotency_key, 'CANCEL', booking_id, version, quote_id, status, reason, created_at, updated_at
FROM cancel_request ORDER BY rowid;

INSERT INTO sent_request (
    idempotency_key, kind, booking_id, version, quote_id, check_in, check_out, total_amount, difference, currency,
    status, reason, created_at, updated_at)
SELECT idempotency_key, 'MODIFY', booking_id, version, quote_id, check_in, check_out, total_amount, difference,
       currency, status, reason, created_at, updated_at
FROM modify_request ORDER BY rowid;

INSERT INTO sent_request (idempotency_key, kind, hold_id, attempt_id, status, reason, created_at, updated_at)
SELECT idempotency_key, 'RELEASE', hold_id, attempt_id, status, reason, created_at, updated_at
FROM hold_release ORDER BY rowid;

INSERT INTO sent_request (
    idempotency_key, kind, booking_id, attempt_id, release_hold, status, reason, created_at, updated_at)
SELECT idempotency_key, 'ABANDON', booking_id, attempt_id, release_hold, status, reason, created_at, updated_at
FROM abandon_request ORDER BY rowid;

DROP TABLE cancel_request;
DROP TABLE modify_request;
DROP TABLE hold_release;
DROP TABLE abandon_request;

-- One open cancellation and one open change of dates per booking: a second
-- `booking cancel` or `booking modify` resumes the saved one (same key, same
-- request) instead of sending another. A query for one kind uses it, as
-- `kind = 'CANCEL'` is a term of its OR.
CREATE UNIQUE INDEX sent_request_one_open_change ON sent_request (booking_id, kind)
    WHERE status = 'OPEN' AND (kind = 'CANCEL' OR kind = 'MODIFY');

-- One page left per booking, ever: leaving it again resends the first.
CREATE UNIQUE INDEX sent_request_one_abandon ON sent_request (booking_id) WHERE kind = 'ABANDON';

-- The open requests of a kind, oldest first: what is sent again, or what
-- reconciliation settles.
CREATE INDEX sent_request_open ON sent_request (kind, created_at) WHERE status = 'OPEN';

-- A finished request stays finished; an open one only finishes.
CREATE TRIGGER sent_request_forward_only
BEFORE UPDATE ON sent_request
WHEN OLD.status <> 'OPEN'
BEGIN
    SELECT RAISE(IGNORE);
END;

-- What a request sends never changes once saved: a resend must be the same
-- request, or the server would refuse the key (or, past the key's lifetime,
-- apply another request). A renewed key is a new row.
CREATE TRIGGER sent_request_identity_fixed
BEFORE UPDATE ON sent_request
WHEN (NEW.idempotency_key, NEW.kind, NEW.booking_id, NEW.hold_id, NEW.attempt_id, NEW.version, NEW.quote_id,
      NEW.check_in, NEW.check_out, NEW.created_at)
     IS NOT (OLD.idempotency_key, OLD.kind, OLD.booking_id, OLD.hold_id, OLD.attempt_id, OLD.version, OLD.quote_id,
      OLD.check_in, OLD.check_out, OLD.created_at)
BEGIN
    SELECT RAISE(ABORT, 'sent_request identity fields are fixed once set');
END;
