// The values of a booking and a trip live in BookingValues (the lean trip
// viewer links them without the flows); every user of BookingCore sees them
// as its own.
@_exported import BookingValues
