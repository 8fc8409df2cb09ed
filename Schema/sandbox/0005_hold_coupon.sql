-- A coupon code applied to a hold (`POST /v1/holds/{holdId}/coupon`): from
-- then on the hold's price_json and total_amount are the discounted price,
-- and a booking paid on the hold is charged that. NULL when none; a hold
-- takes one code at most.
ALTER TABLE hold ADD COLUMN coupon_code TEXT;
