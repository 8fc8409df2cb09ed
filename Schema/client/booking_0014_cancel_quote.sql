-- booking.sqlite, step 14: the refund before cancelling. A cancellation the
-- user accepted at a quoted refund saves the quote's id with the request,
-- before its POST leaves; every resend names the same quote, so the server
-- cancels only at the refund the user saw (or refuses with a new quote).
-- NULL: a cancellation at the refund of the moment (made before this step,
-- or by a caller that asked for no quote).
ALTER TABLE cancel_request ADD COLUMN quote_id TEXT
    CHECK (quote_id IS NULL OR length(quote_id) BETWEEN 1 AND 255);

-- What a request sends never changes once saved, the quote included.
DROP TRIGGER cancel_request_identity_fixed;
CREATE TRIGGER cancel_request_identity_fixed
BEFORE UPDATE ON cancel_request
WHEN (NEW.idempotency_key, NEW.booking_id, NEW.version, NEW.created_at, NEW.quote_id)
     IS NOT (OLD.idempotency_key, OLD.booking_id, OLD.version, OLD.created_at, OLD.quote_id)
BEGIN
    SELECT RAISE(ABORT, 'cancel_request identity fields are fixed once set');
END;
