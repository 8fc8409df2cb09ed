-- cache.sqlite: what can be rebuilt from the server. WAL, synchronous=NORMAL;
-- deleted and rebuilt when corrupt.

-- The user's recent searches, one row per distinct query text.
CREATE TABLE recent_search (
    query    TEXT PRIMARY KEY NOT NULL CHECK (length(query) BETWEEN 1 AND 200),
    place_id TEXT,
    used_at  INTEGER NOT NULL -- unix ms
) STRICT;

CREATE INDEX recent_search_by_use ON recent_search (used_at DESC);

-- Pages of offer results. query_key is the canonical encoding of the whole
-- query (place, dates, guests, filters): equal queries meet, a changed filter
-- misses.
CREATE TABLE result_page (
    query_key   TEXT NOT NULL,
    page_index  INTEGER NOT NULL CHECK (page_index >= 0),
    next_cursor TEXT,
    quoted_at   INTEGER NOT NULL, -- unix ms: when the server quoted these prices
    stored_at   INTEGER NOT NULL, -- unix ms: when it was cached (oldest is evicted first)
    byte_size   INTEGER NOT NULL CHECK (byte_size >= 0),
    items_json  TEXT NOT NULL,    -- last: large, kept off the columns the eviction reads
    PRIMARY KEY (query_key, page_index)
) STRICT;

-- Eviction sums byte_size and deletes oldest-first from this index alone.
CREATE INDEX result_page_by_age ON result_page (stored_at, byte_size);
