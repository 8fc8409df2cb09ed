-- booking.sqlite, step 3: what the trip viewer shows becomes columns of
-- `trip`, so listing reads typed columns and never parses JSON per row.
--
-- `property_json` stays (the full details, written as before); the columns
-- are derived from it here, by the schema, on every insert and every change
-- of it, whatever code writes the row. A row whose JSON does not have a
-- trip's shape keeps NULL columns (shown without details, as before). The
-- CHECKs refuse values no server may send: a row that breaks one (a newer
-- server's value) is not written, and the caller reports it by id.
ALTER TABLE trip ADD COLUMN property_city TEXT;
ALTER TABLE trip ADD COLUMN property_address TEXT;
ALTER TABLE trip ADD COLUMN property_stars INTEGER CHECK (property_stars BETWEEN 1 AND 5);
ALTER TABLE trip ADD COLUMN room_name TEXT;
ALTER TABLE trip ADD COLUMN guests INTEGER CHECK (guests BETWEEN 1 AND 99);
ALTER TABLE trip ADD COLUMN price_currency TEXT CHECK (price_currency GLOB '[A-Z][A-Z][A-Z]');
ALTER TABLE trip ADD COLUMN price_nightly INTEGER CHECK (price_nightly >= 0);
ALTER TABLE trip ADD COLUMN price_taxes INTEGER CHECK (price_taxes >= 0);
ALTER TABLE trip ADD COLUMN price_fees INTEGER CHECK (price_fees >= 0);
ALTER TABLE trip ADD COLUMN price_total INTEGER CHECK (price_total >= 0);
-- Details are all there or all absent: the name stands for the group.
ALTER TABLE trip ADD COLUMN property_name TEXT CHECK (
    property_name IS NULL
    OR (property_city IS NOT NULL AND room_name IS NOT NULL AND guests IS NOT NULL
        AND price_currency IS NOT NULL AND price_nightly IS NOT NULL AND price_taxes IS NOT NULL
        AND price_fees IS NOT NULL AND price_total IS NOT NULL));

-- The columns of each trip, read from its JSON when it has a trip's shape
-- (the same fields and types as the details the client decodes); no row
-- for a trip whose JSON does not.
CREATE VIEW trip_columns_from_json AS
SELECT booking_id,
       property_json ->> '$.property.name' AS property_name,
       property_json ->> '$.property.city' AS property_city,
       property_json ->> '$.property.address' AS property_address,
       property_json ->> '$.property.stars' AS property_stars,
       property_json ->> '$.room.name' AS room_name,
       property_json ->> '$.guests' AS guests,
       property_json ->> '$.price.total.currency' AS price_currency,
       property_json ->> '$.price.nightly.amount' AS price_nightly,
       property_json ->> '$.price.taxes.amount' AS price_taxes,
       property_json ->> '$.price.fees.amount' AS price_fees,
       property_json ->> '$.price.total.amount' AS price_total
FROM trip
WHERE json_type(property_json, '$.property.id') = 'text'
  AND json_type(property_json, '$.property.name') = 'text'
  AND json_type(property_json, '$.property.city') = 'text'
  AND coalesce(json_type(property_json, '$.property.address'), 'null') IN ('text', 'null')
  AND coalesce(json_type(property_json, '$.property.stars'), 'null') IN ('integer', 'null')
  AND json_type(property_json, '$.room.type') = 'text'
  AND json_type(property_json, '$.room.name') = 'text'
  AND json_type(property_json, '$.guests') = 'integer'
  AND json_type(property_json, '$.price.nightly.amount') = 'integer'
  AND json_type(property_json, '$.price.taxes.amount') = 'integer'
  AND json_type(property_json, '$.price.fees.amount') = 'integer'
  AND json_type(property_json, '$.price.total.amount') = 'integer'
  AND json_type(property_json, '$.price.total.currency') = 'text'
  AND property_json ->> '$.price.nightly.currency' IS property_json ->> '$.price.total.currency'
  AND property_json ->> '$.price.taxes.currency' IS property_json ->> '$.price.total.currency'
  AND property_json ->> '$.price.fees.currency' IS property_json ->> '$.price.total.currency';

CREATE TRIGGER trip_columns_on_insert AFTER INSERT ON trip
BEGIN
    UPDATE trip SET
        (property_name, property_city, property_address, property_stars, room_name, guests, price_currency,
         price_nightly, price_taxes, price_fees, price_total) =
        (SELECT property_name, property_city, property_address, property_stars, room_name, guests,
                price_currency, price_nightly, price_taxes, price_fees, price_total
         FROM trip_columns_from_json WHERE booking_id = NEW.booking_id)
    WHERE booking_id = NEW.booking_id;
END;

-- Deliberately the same body as trip_columns_on_insert: SQLite has no trigger
-- for INSERT and UPDATE at once, and one firing the other would write each
-- inserted row twice.
CREATE TRIGGER trip_columns_on_update AFTER UPDATE OF property_json ON trip
BEGIN
    UPDATE trip SET
        (property_name, property_city, property_address, property_stars, room_name, guests, price_currency,
         price_nightly, price_taxes, price_fees, price_total) =
        (SELECT property_name, property_city, property_address, property_stars, room_name, guests,
                price_currency, price_nightly, price_taxes, price_fees, price_total
         FROM trip_columns_from_json WHERE booking_id = NEW.booking_id)
    WHERE booking_id = NEW.booking_id;
END;

-- Every saved trip gets its columns, in this step's transaction. A saved
-- row whose values a CHECK refuses keeps NULL columns (OR IGNORE applies to
-- the trigger's update too): it is shown without details and named on
-- stderr, never dropped.
UPDATE OR IGNORE trip SET property_json = property_json;
