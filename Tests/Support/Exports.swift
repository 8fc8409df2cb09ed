// The waits the tests use (`Watched`) live with the primitives, where the
// testing product (BookingKitTesting) reaches them too.
@_exported import BookingPrimitives
