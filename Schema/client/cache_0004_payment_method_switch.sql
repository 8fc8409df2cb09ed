-- The server's payment-method switch (GET /v1/payment-methods) as this
-- device last read it, one row per server origin and kind: whether the kind
-- takes payments, the server's reason when it does not, when the switch
-- last changed on the server and when this device first read that value.
-- Written only when the value changed. In the cache: a rebuilt cache is a
-- client that never heard (cards and 3-D Secure on, wallets off), which is
-- safe; the server refuses a kind switched off in any case.
CREATE TABLE payment_method_switch (
    server     TEXT NOT NULL CHECK (length(server) BETWEEN 1 AND 500),
    kind       TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
    enabled    INTEGER NOT NULL CHECK (enabled IN (0, 1)),
    reason     TEXT CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 200),
    changed_at INTEGER NOT NULL,  -- unix milliseconds, the server's changedAt
    read_at    INTEGER NOT NULL,  -- unix milliseconds, when this device first read this value
    PRIMARY KEY (server, kind)
) STRICT;
