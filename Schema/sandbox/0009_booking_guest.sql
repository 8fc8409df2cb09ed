-- The lead guest a payment carried (the contract's `Guest`, trimmed and
-- checked, as JSON), echoed on every answer about the booking; NULL for a
-- booking made without one (a client released before guests).
ALTER TABLE booking ADD COLUMN guest_json TEXT
    CHECK (guest_json IS NULL OR json_valid(guest_json));
