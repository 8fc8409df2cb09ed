-- Place suggestions as the server answered them, one row per trimmed,
-- lowercased query: a repeated query is shown at once from here.
CREATE TABLE suggestion (
    query      TEXT PRIMARY KEY NOT NULL CHECK (length(query) BETWEEN 1 AND 200),
    items_json TEXT NOT NULL,    -- the server's items, a JSON array
    fetched_at INTEGER NOT NULL  -- unix ms
) STRICT;

CREATE INDEX suggestion_by_age ON suggestion (fetched_at);

-- What this device learnt about an offer since its page was cached: sold
-- out, or a changed price (the new quote, as JSON, to accept). Cleared when
-- the offer is listed by the server again.
CREATE TABLE offer_mark (
    offer_id   TEXT PRIMARY KEY NOT NULL CHECK (length(offer_id) BETWEEN 1 AND 200),
    kind       TEXT NOT NULL CHECK (kind IN ('soldOut', 'priceChanged')),
    quote_json TEXT,             -- the new quote, for priceChanged
    marked_at  INTEGER NOT NULL  -- unix ms
) STRICT;
