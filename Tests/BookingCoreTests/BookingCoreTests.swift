// Tests of BookingCore.
