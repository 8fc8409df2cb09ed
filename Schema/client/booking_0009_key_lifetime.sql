-- booking.sqlite, step 9: how long the server keeps idempotency keys, as it
-- last said (the Idempotency-Key-Lifetime header, seconds), one row per
-- server origin. It outlives the process: the next launch's reconciliation
-- and every resend measure a key's age against it, so no payment is sent
-- again under a key the server may already have forgotten. A row outside
-- 1 s ... 30 days is ignored by the reader (the configured lifetime holds).
CREATE TABLE key_lifetime (
    server      TEXT PRIMARY KEY NOT NULL CHECK (length(server) BETWEEN 1 AND 500),
    seconds     INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL   -- unix milliseconds
) STRICT;
