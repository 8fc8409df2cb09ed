-- The token that binds a booking's 3-D Secure page to it, drawn at random
-- when the booking is made (from the id seed in a deterministic sandbox):
-- the page is `/sandbox/3ds/{bookingId}?token=<32 hex digits>` and answers
-- nothing without it, so the booking id alone (in every answer about the
-- booking, on the dashboard, in the return link) cannot pass or fail the
-- challenge. NULL in rows made before this step: their page cannot be
-- opened (`POST /v1/sandbox/challenges/{bookingId}`, with the account's
-- key, still answers them).
ALTER TABLE booking ADD COLUMN challenge_token TEXT CHECK (challenge_token IS NULL OR length(challenge_token) = 32);
