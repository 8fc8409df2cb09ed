-- booking.sqlite, step 2: the rules that hold when several processes (the
-- CLI, the launch-time reconciliation job, the trip viewer) share one data
-- directory.

-- 1. Only an attempt that never sent a payment can be abandoned. Once the
-- payment may have left (PAYMENT_SUBMITTED or later), only the server's
-- answer settles the attempt: marking it ABANDONED would make a charged
-- attempt final without its trip, and reconciliation would skip it. Once
-- the server has made a booking for it (ACTION_REQUIRED, PROCESSING), only
-- a newer booking version ends it: a process's own conclusion (FAILED,
-- EXPIRED at the version it read) cannot close a booking another process is
-- following to CONFIRMED. These moves are skipped like every other backward
-- move (changes() reads 0).
-- Deliberately restates step 1's booking_attempt_forward_only whole: a
-- step cannot change an earlier one, and SQLite cannot alter a trigger.
DROP TRIGGER booking_attempt_forward_only;

CREATE TRIGGER booking_attempt_forward_only
BEFORE UPDATE ON booking_attempt
WHEN OLD.status IN ('CONFIRMED', 'FAILED', 'EXPIRED', 'CANCELLED', 'ABANDONED')
  OR NEW.version < OLD.version
  OR (NEW.status = 'ABANDONED' AND OLD.status NOT IN ('HOLD_REQUESTED', 'HELD'))
  OR (OLD.status IN ('ACTION_REQUIRED', 'PROCESSING') AND NEW.version = OLD.version
      AND NEW.status IN ('FAILED', 'EXPIRED'))
  OR (NEW.version = OLD.version AND
      (CASE NEW.status WHEN 'HOLD_REQUESTED' THEN 0 WHEN 'HELD' THEN 1 WHEN 'PAYMENT_SUBMITTED' THEN 2
                       WHEN 'ACTION_REQUIRED' THEN 3 WHEN 'PROCESSING' THEN 4 ELSE 5 END) <
      (CASE OLD.status WHEN 'HOLD_REQUESTED' THEN 0 WHEN 'HELD' THEN 1 WHEN 'PAYMENT_SUBMITTED' THEN 2
                       WHEN 'ACTION_REQUIRED' THEN 3 WHEN 'PROCESSING' THEN 4 ELSE 5 END))
BEGIN
    SELECT RAISE(IGNORE);
END;

-- 2. One data directory holds at most one room being held: the current
-- hold, the one `pay` pays. A new hold supersedes (abandons) the earlier one
-- in the same transaction as its insert; two holds at once cannot both end
-- up HELD. Attempts whose payment is being settled are not limited: each is
-- settled by its own key.
--
-- A file written before this step may hold several: keep the newest.
UPDATE booking_attempt SET status = 'ABANDONED'
WHERE status IN ('HOLD_REQUESTED', 'HELD')
  AND rowid <> (SELECT rowid FROM booking_attempt WHERE status IN ('HOLD_REQUESTED', 'HELD')
                ORDER BY created_at DESC, rowid DESC LIMIT 1);

CREATE UNIQUE INDEX booking_attempt_one_current_hold ON booking_attempt ((0))
    WHERE status IN ('HOLD_REQUESTED', 'HELD');
