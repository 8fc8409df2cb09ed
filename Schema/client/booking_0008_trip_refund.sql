-- booking.sqlite, step 8: a cancelled trip keeps its refund, as the server
-- reports it on the cancel's answer and on every read: the amount and its
-- currency, the state (PENDING until the payment processor settles it,
-- then SUCCEEDED or FAILED) and when that state was reached (unix ms, the
-- server's clock). A change of state comes as a new version of the
-- booking, so the upsert by version keeps the newest. The four columns are
-- all there or all absent, and only on a CANCELLED trip: a row that breaks
-- that is not written.
ALTER TABLE trip ADD COLUMN refund_amount INTEGER CHECK (refund_amount >= 0);
ALTER TABLE trip ADD COLUMN refund_currency TEXT CHECK (refund_currency GLOB '[A-Z][A-Z][A-Z]');
ALTER TABLE trip ADD COLUMN refund_at INTEGER;
ALTER TABLE trip ADD COLUMN refund_state TEXT CHECK (
    refund_state IS NULL
    OR (refund_state IN ('PENDING', 'SUCCEEDED', 'FAILED') AND status = 'CANCELLED'
        AND refund_amount IS NOT NULL AND refund_currency IS NOT NULL AND refund_at IS NOT NULL));
