-- booking.sqlite, step 7: the bank's 3-D Secure page survives an
-- interruption. The page's URL is saved with the attempt in the same write
-- that saves the server's ACTION_REQUIRED answer, so a relaunch, `booking
-- status` or the next `booking pay` shows it again instead of waiting for
-- a challenge nobody can reach. It is kept only while the attempt is
-- ACTION_REQUIRED: the update that moves the attempt on clears it, and a
-- row read in any other status shows none.

ALTER TABLE booking_attempt ADD COLUMN challenge_url TEXT
    CHECK (challenge_url IS NULL OR length(challenge_url) BETWEEN 1 AND 2048);
