-- booking.sqlite, step 11: a coupon code applied to a held room survives a
-- relaunch. The server's re-quoted hold (its code, its new quote and the
-- discounted price) is saved on the attempt the moment it arrives, so a
-- launch restores the held room at the price Pay will charge, never at the
-- offer's old price. quote_id keeps the quote the hold was asked for (its
-- identity); coupon_quote_id is the hold's quote since the code. All three
-- are NULL until a code is applied, and are set together.

ALTER TABLE booking_attempt ADD COLUMN coupon_code TEXT
    CHECK (coupon_code IS NULL OR length(coupon_code) BETWEEN 1 AND 32);
ALTER TABLE booking_attempt ADD COLUMN coupon_quote_id TEXT
    CHECK (coupon_quote_id IS NULL OR length(coupon_quote_id) BETWEEN 1 AND 255);
ALTER TABLE booking_attempt ADD COLUMN coupon_price_json TEXT
    CHECK (coupon_price_json IS NULL OR json_valid(coupon_price_json));
