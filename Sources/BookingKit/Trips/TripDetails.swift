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
    /// What cancelling keeps, as the booking's answer said; nil for a trip
    /// saved before the server sent terms.
    public var cancellation: CancellationPolicy?

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
        cancellation = booking.cancellation
    }

    /// The saved JSON: the details, and the cancellation deadline in the
    /// hotel's words (`cancellationShown`), which the lean viewer, with no
    /// time zone database, shows as they are.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Cannot fail: every field is a string or an integer.
        return (try? encoder.encode(Saved(details: self))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The details and the deadline's words, in one JSON object.
    private struct Saved: Encodable {
        let details: TripDetails

        /// The deadline in the hotel's time, as `CancellationPolicy.text` says it.
        struct Shown: Encodable {
            let freeUntilMs: Int64
            let clock: String
            let day: String
            let zone: String
        }

        private enum CodingKeys: String, CodingKey { case cancellationShown }

        func encode(to encoder: any Encoder) throws {
            try details.encode(to: encoder)
            guard let policy = details.cancellation, let deadline = policy.freeUntilMilliseconds else { return }
            let (clock, day, zone) = HotelTime.words(deadline, in: policy.timeZone)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(
                Shown(freeUntilMs: deadline, clock: clock, day: day, zone: zone), forKey: .cancellationShown)
        }
    }
}
