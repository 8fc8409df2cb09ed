// Tests of BookingStore.
