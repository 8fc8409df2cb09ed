-- A refund's state: the money given back for a cancelled booking is PENDING
-- until the payment processor settles it, then SUCCEEDED (or FAILED). The
-- booking's answer carries it; a change of state is a new booking version.
-- Refunds written before this step had settled at once (NULL reads as
-- SUCCEEDED at their creation time); charges keep NULL.
ALTER TABLE ledger_entry ADD COLUMN refund_state TEXT
    CHECK (refund_state IS NULL OR (kind = 'refund' AND refund_state IN ('PENDING', 'SUCCEEDED', 'FAILED')));
-- When a PENDING refund settles (unix ms, the sandbox's clock): the first
-- read of the booking at or after it moves it to SUCCEEDED.
ALTER TABLE ledger_entry ADD COLUMN settles_at_ms INTEGER;
-- When the refund's state last changed (unix ms); NULL: at created_at_ms.
ALTER TABLE ledger_entry ADD COLUMN updated_at_ms INTEGER;
