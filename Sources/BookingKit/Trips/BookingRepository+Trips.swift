import BookingCore
import BookingStore

// The trips' reads on the runtime's connection: the client's device-only
// reads (a listing, one trip, a payment's confirmed outcome, a hold's
// "already booked here" check) open no other connection to booking.sqlite.
// Writing trips (a sync, a cancellation, a change of dates) stays with
// `TripRepository`.
extension BookingRepository {
    /// The trips saved on this device, in check-in order.
    package func savedTrips() throws -> [TripRepository.Trip] {
        var trips: [TripRepository.Trip] = []
        try store.trips.forEach(includingJSON: true) { trips.append(TripRepository.Trip(record: $0)) }
        return trips
    }

    /// The saved trip of booking `id`.
    package func savedTrip(_ id: BookingID) throws -> TripRepository.Trip? {
        try store.trips.trip(id: id).map(TripRepository.Trip.init(record:))
    }

    /// The confirmed booking of `offer`'s stay on this device, if any (the
    /// same property and room on the same dates).
    package func confirmedStay(of offer: Offer) throws -> BookingID? {
        try store.trips.confirmedStay(
            propertyName: offer.propertyName, roomName: offer.roomName, checkIn: offer.checkIn.description,
            checkOut: offer.checkOut.description)
    }
}
