-- When this device last read the payment-method switch from the server,
-- whatever it said (unix milliseconds; NULL for rows saved before this
-- column): a read younger than the client's `paymentMethodsMaxAge` is used
-- by the next process as it is, with no request. Written on every read
-- (the cache is never synced); the other columns still change only with
-- the switch.
ALTER TABLE payment_method_switch ADD COLUMN checked_at INTEGER;
