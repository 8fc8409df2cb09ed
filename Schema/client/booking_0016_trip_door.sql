-- booking.sqlite, step 16: what a traveller needs at the hotel's door,
-- offline: the front desk's phone, from when the room is ready and until
-- when it is kept (both in the hotel's time), the lead guest's name the
-- booking was made under, and what cancelling keeps. Like step 3's, these
-- columns are derived from `property_json` by the schema on every write,
-- whatever code writes the row. Each is optional: a value of the wrong type
-- or shape is NULL (shown as absent), never a reason to refuse the trip.
--
-- The terms are all there or all NULL: a known kind, a penalty in the
-- price's currency, and for a free cancellation its deadline (unix ms) with
-- the hotel's clock, day and zone as the client wrote them when saving
-- (`cancellationShown`: the lean viewer has no time zone database).
ALTER TABLE trip ADD COLUMN property_phone TEXT;
ALTER TABLE trip ADD COLUMN check_in_time TEXT;
ALTER TABLE trip ADD COLUMN check_out_time TEXT;
ALTER TABLE trip ADD COLUMN guest_name TEXT;
ALTER TABLE trip ADD COLUMN cancellation_kind TEXT;
ALTER TABLE trip ADD COLUMN cancellation_penalty INTEGER;
ALTER TABLE trip ADD COLUMN cancellation_free_until INTEGER;
ALTER TABLE trip ADD COLUMN cancellation_clock TEXT;
ALTER TABLE trip ADD COLUMN cancellation_day TEXT;
ALTER TABLE trip ADD COLUMN cancellation_zone TEXT;

DROP TRIGGER trip_columns_on_insert;
DROP TRIGGER trip_columns_on_update;
DROP VIEW trip_columns_from_json;

-- Step 3's view with the door's columns; `terms` says whether the terms
-- are whole (see above).
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
       property_json ->> '$.price.total.amount' AS price_total,
       CASE WHEN json_type(property_json, '$.property.phone') = 'text'
            THEN property_json ->> '$.property.phone' END AS property_phone,
       CASE WHEN property_json ->> '$.property.checkInTime' GLOB '[0-2][0-9]:[0-5][0-9]'
            THEN property_json ->> '$.property.checkInTime' END AS check_in_time,
       CASE WHEN property_json ->> '$.property.checkOutTime' GLOB '[0-2][0-9]:[0-5][0-9]'
            THEN property_json ->> '$.property.checkOutTime' END AS check_out_time,
       CASE WHEN json_type(property_json, '$.guest.name') = 'text'
            THEN property_json ->> '$.guest.name' END AS guest_name,
       CASE WHEN terms THEN property_json ->> '$.cancellation.kind' END AS cancellation_kind,
       CASE WHEN terms THEN property_json ->> '$.cancellation.penalty.amount' END AS cancellation_penalty,
       CASE WHEN terms THEN property_json ->> '$.cancellationShown.freeUntilMs' END AS cancellation_free_until,
       CASE WHEN terms THEN property_json ->> '$.cancellationShown.clock' END AS cancellation_clock,
       CASE WHEN terms THEN property_json ->> '$.cancellationShown.day' END AS cancellation_day,
       CASE WHEN terms THEN property_json ->> '$.cancellationShown.zone' END AS cancellation_zone
FROM (
    SELECT booking_id, property_json,
           json_type(property_json, '$.cancellation.penalty.amount') = 'integer'
           AND property_json ->> '$.cancellation.penalty.amount' >= 0
           AND property_json ->> '$.cancellation.penalty.currency' IS property_json ->> '$.price.total.currency'
           AND CASE property_json ->> '$.cancellation.kind'
               WHEN 'NON_REFUNDABLE' THEN json_type(property_json, '$.cancellationShown') IS NULL
               WHEN 'FREE_UNTIL' THEN
                   json_type(property_json, '$.cancellationShown.freeUntilMs') = 'integer'
                   AND json_type(property_json, '$.cancellationShown.clock') = 'text'
                   AND json_type(property_json, '$.cancellationShown.day') = 'text'
                   AND json_type(property_json, '$.cancellationShown.zone') = 'text'
               ELSE 0 END AS terms
    FROM trip)
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
         price_nightly, price_taxes, price_fees, price_total, property_phone, check_in_time, check_out_time,
         guest_name, cancellation_kind, cancellation_penalty, cancellation_free_until, cancellation_clock,
         cancellation_day, cancellation_zone) =
        (SELECT property_name, property_city, property_address, property_stars, room_name, guests,
                price_currency, price_nightly, price_taxes, price_fees, price_total, property_phone,
                check_in_time, check_out_time, guest_name, cancellation_kind, cancellation_penalty,
                cancellation_free_until, cancellation_clock, cancellation_day, cancellation_zone
         FROM trip_columns_from_json WHERE booking_id = NEW.booking_id)
    WHERE booking_id = NEW.booking_id;
END;

-- Deliberately the same body as trip_columns_on_insert (step 3 says why).
CREATE TRIGGER trip_columns_on_update AFTER UPDATE OF property_json ON trip
BEGIN
    UPDATE trip SET
        (property_name, property_city, property_address, property_stars, room_name, guests, price_currency,
         price_nightly, price_taxes, price_fees, price_total, property_phone, check_in_time, check_out_time,
         guest_name, cancellation_kind, cancellation_penalty, cancellation_free_until, cancellation_clock,
         cancellation_day, cancellation_zone) =
        (SELECT property_name, property_city, property_address, property_stars, room_name, guests,
                price_currency, price_nightly, price_taxes, price_fees, price_total, property_phone,
                check_in_time, check_out_time, guest_name, cancellation_kind, cancellation_penalty,
                cancellation_free_until, cancellation_clock, cancellation_day, cancellation_zone
         FROM trip_columns_from_json WHERE booking_id = NEW.booking_id)
    WHERE booking_id = NEW.booking_id;
END;

-- Every saved trip gets the new columns, in this step's transaction (a row
-- a CHECK of step 3 refuses keeps NULL columns, as there).
UPDATE OR IGNORE trip SET property_json = property_json;
