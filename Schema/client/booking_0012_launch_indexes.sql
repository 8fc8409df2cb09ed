-- booking.sqlite, step 12: what every launch asks, answered from indexes,
-- so a device that has booked for years launches as fast as a new one.
--
-- The trips whose refund is still pending (each launch reads them again,
-- in check-in order). With only trip_by_check_in, SQLite walked the whole
-- index and read each trip's row to test its refund_state: 51 ms with
-- 100,000 trips, where the answer is usually none. This index holds only
-- the pending ones, in that order.
CREATE INDEX trip_pending_refund ON trip (check_in, booking_id) WHERE refund_state = 'PENDING';

-- The latest attempt (its screen may still offer to pay its room again),
-- without reading and sorting every attempt ever made.
CREATE INDEX booking_attempt_by_creation ON booking_attempt (created_at);

-- The attempts that used a hold: whether a room given up is still used by
-- another attempt, and the rooms let go without a release.
CREATE INDEX booking_attempt_by_hold ON booking_attempt (hold_id, updated_at) WHERE hold_id IS NOT NULL;
