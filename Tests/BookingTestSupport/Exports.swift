// The pieces an app's tests link (BookingKitTesting) serve these tests too.
@_exported import BookingKitTesting
