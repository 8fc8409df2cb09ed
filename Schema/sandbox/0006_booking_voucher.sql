-- A booking's voucher (the code shown at the door, `BK-` and 8 characters),
-- drawn at random when the booking is made (from the id seed in a
-- deterministic sandbox), no longer derived from the booking id, which
-- every answer about the booking shows. NULL in rows made before this
-- step: their voucher stays the one derived from the id.
ALTER TABLE booking ADD COLUMN voucher_code TEXT CHECK (voucher_code IS NULL OR length(voucher_code) = 11);
