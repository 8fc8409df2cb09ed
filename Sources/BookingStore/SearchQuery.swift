import BookingCore

/// Everything that selects a list of offers: place, dates, guests, filters.
///
/// Its `cacheKey` is a canonical encoding of the whole query, so equal
/// queries meet in the cache whatever order their filters came in, and a
/// changed filter starts a new list.
public struct SearchQuery: Hashable, Sendable {
    /// The place searched.
    public var placeID: String
    /// The first night.
    public var checkIn: CalendarDate
    /// The day of departure.
    public var checkOut: CalendarDate
    /// Number of guests.
    public var guests: Int
    /// Filters by name, e.g. `["maxPrice": "20000", "stars": "4"]`: each is
    /// part of the cache key and is sent to the server as a query
    /// parameter of the same name, so a cached page holds what its key says.
    public var filters: [String: String]

    /// Creates a query.
    public init(
        placeID: String, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int, filters: [String: String] = [:]
    ) {
        self.placeID = placeID
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.guests = guests
        self.filters = filters
    }

    /// The canonical key: `v1` then every field as `name=value`, filters
    /// sorted by name, each part percent-escaped so no value can forge a
    /// separator.
    public var cacheKey: String {
        var parts = [
            "v1",
            "place=" + Self.escape(placeID),
            "in=" + Self.escape(checkIn.description),
            "out=" + Self.escape(checkOut.description),
            "guests=\(guests)",
        ]
        for (name, value) in filters.sorted(by: { $0.key < $1.key }) {
            parts.append("f." + Self.escape(name) + "=" + Self.escape(value))
        }
        return parts.joined(separator: "&")
    }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                escaped += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return escaped
    }
}
