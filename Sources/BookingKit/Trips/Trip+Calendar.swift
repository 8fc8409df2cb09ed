import Foundation

extension Trip {
    /// This trip as a calendar event: an all-day stay from the check-in day
    /// to the check-out day in the hotel's own dates (never moved through a
    /// time zone), with the booking id as its `UID` and the booking's version
    /// as its `SEQUENCE`, so a cancellation (and its refund, in the
    /// description) updates the same event. Nil when
    /// the saved dates are missing.
    ///
    /// `TripCalendar(trips:)` writes one for each trip; `booking trips --ics`
    /// writes the same text for the same trips.
    package var calendarEvent: TripCalendar.Event? {
        guard let checkIn, let checkOut else { return nil }
        return TripCalendar.stay(
            bookingID: id, version: version, checkIn: checkIn, checkOut: checkOut,
            propertyName: details?.property.name, roomName: details?.room.name, address: details?.property.address,
            city: details?.property.city, isCancelled: status == .cancelled,
            stampUnixSeconds: Int64(syncedAt.timeIntervalSince1970.rounded(.down)), refund: refund)
    }
}

extension TripCalendar {
    /// The trips as calendar events, one for each trip whose dates are
    /// saved, in the order given.
    ///
    /// ```swift
    /// let ics = TripCalendar(trips: try await client.savedTrips()).text  // share as trips.ics
    /// ```
    public init(trips: [Trip]) {
        self.init(events: trips.compactMap(\.calendarEvent))
    }
}
