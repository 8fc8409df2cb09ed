-- booking.sqlite, step 12: the trips whose refund is still pending, found
-- without reading every trip. Every launch's reconciliation asks for them
-- (in check-in order) to read them again; with only trip_by_check_in, SQLite
-- walked the whole index and read each trip's row to test its refund_state:
-- 51 ms with 100,000 trips, where the answer is usually none. This index
-- holds only the pending ones, in that order.

CREATE INDEX trip_pending_refund ON trip (check_in, booking_id) WHERE refund_state = 'PENDING';
