-- The lead guest last paid with on this device (the contract's `Guest`, as
-- JSON, trimmed and checked): the next checkout's form starts with it.
-- One row at most; a convenience only (the cache may be rebuilt): what a
-- payment sends is always the guest saved with its attempt in
-- booking.sqlite. Deleted on sign-out with the account's searches.
CREATE TABLE last_guest (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    guest_json TEXT NOT NULL CHECK (json_valid(guest_json) AND length(guest_json) <= 4096)
) STRICT;
