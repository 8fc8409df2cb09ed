-- booking.sqlite, step 15: the lead guest saved with the payment. The
-- details (the contract's `Guest`, as JSON) are written in the same
-- statement that moves the attempt to PAYMENT_SUBMITTED, before
-- `POST /v1/bookings` leaves, and every send of that payment reads them
-- from here: the Idempotency-Key is bound to the body, so a resend (or a
-- later process) never sends another guest. NULL: an attempt not yet paid,
-- or paid before this step.
ALTER TABLE booking_attempt ADD COLUMN guest_json TEXT
    CHECK (guest_json IS NULL OR (json_valid(guest_json) AND length(guest_json) <= 4096));

-- Once saved, the guest never changes.
CREATE TRIGGER booking_attempt_guest_fixed
BEFORE UPDATE OF guest_json ON booking_attempt
WHEN OLD.guest_json IS NOT NULL AND NEW.guest_json IS NOT OLD.guest_json
BEGIN
    SELECT RAISE(ABORT, 'booking_attempt guest_json is fixed once set');
END;
