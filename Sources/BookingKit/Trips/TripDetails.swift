import BookingAPI
import BookingCore
import Foundation

/// What a trip shows offline, saved as `trip.property_json`.
public struct TripDetails: Codable, Equatable, Sendable {
    /// The property.
    public var property: PropertySummary
    /// The room.
    public var room: RoomSummary
    /// Guests.
    public var guests: Int
    /// The price as the server broke it down.
    public var price: PriceBreakdown
    /// The lead guest the booking was made under, as the server recorded
    /// it; nil for a booking made without one.
    public var guest: GuestDetails?

    /// Reads the saved JSON; nil when it is not a trip's details.
    package init?(json: String) {
        // Nil is the answer (a row saved before details were kept): nothing is lost.
        guard let value = try? JSONDecoder().decode(TripDetails.self, from: Data(json.utf8)) else { return nil }
        self = value
    }

    init(_ booking: BookingSnapshot) {
        property = booking.property
        room = booking.room
        guests = booking.guests
        price = booking.price
        guest = booking.guest
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Cannot fail: every field is a string or an integer.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
