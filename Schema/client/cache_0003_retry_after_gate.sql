-- The last "wait" a server asked for (Retry-After on a 408, 429 or 503),
-- one row per server origin: a new process reads it before its first
-- request and sends nothing to that server before not_before. A row in the
-- past, or one further ahead than a day, is ignored by the reader.
CREATE TABLE retry_after_gate (
    server      TEXT PRIMARY KEY NOT NULL CHECK (length(server) BETWEEN 1 AND 500),
    not_before  INTEGER NOT NULL,  -- unix seconds
    recorded_at INTEGER NOT NULL   -- unix seconds
) STRICT;
