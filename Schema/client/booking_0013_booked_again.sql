-- booking.sqlite, step 13: one stay is paid twice only on purpose.
--
-- The attempts the traveller held again after being told the stay was
-- booked already ("You already booked this room for these dates") and
-- confirming it. A payment for an offer another attempt on this device
-- paid (or is paying) is sent only for an attempt listed here: another
-- process's screen, which could not know of that payment when it held the
-- room, is refused instead. Written before the hold is requested, so no
-- reference to booking_attempt (its row comes after).
CREATE TABLE booked_again (
    attempt_id TEXT PRIMARY KEY NOT NULL
) STRICT, WITHOUT ROWID;
