-- The account's holds by time left, for `GET /v1/holds` (the holds made on
-- any device of the account, that another device can show, pay or let go).
CREATE INDEX hold_by_account ON hold (account, expires_at_ms);
