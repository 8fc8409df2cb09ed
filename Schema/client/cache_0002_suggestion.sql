-- Place suggestions as the server answered them, one row per trimmed,
-- lowercased query: a repeated query is shown at once from here.
CREATE TABLE suggestion (
    query      TEXT PRIMARY KEY NOT NULL CHECK (length(query) BETWEEN 1 AND 200),
    items_json TEXT NOT NULL,    -- the server's items, a JSON array
    fetched_at INTEGER NOT NULL  -- unix ms
) STRICT;

CREATE INDEX suggestion_by_age ON suggestion (fetched_at);
