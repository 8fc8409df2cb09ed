import BookingCore

/// Everything that selects a list of offers: place, dates, guests, filters.
///
/// Its `cacheKey` is a canonical encoding of the whole query, so equal
/// queries meet in the cache whatever order their filters came in, and a
/// changed filter starts a new list.
package struct SearchQuery: Hashable, Sendable {
    /// The place searched.
    package var placeID: String
    /// The first night.
    package var checkIn: CalendarDate
    /// The day of departure.
    package var checkOut: CalendarDate
    /// Number of guests.
    package var guests: Int
    /// Filters by name, e.g. `["maxPrice": "20000", "stars": "4"]`: each is
    /// part of the cache key and is sent to the server as a query
    /// parameter of the same name, so a cached page holds what its key says.
    package var filters: [String: String]

    /// Creates a query.
    package init(
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
    package var cacheKey: String {
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

    /// The query a `cacheKey` encodes; nil for text that is not one.
    package init?(cacheKey: String) {
        var fields: [String: String] = [:]
        var filters: [String: String] = [:]
        let parts = cacheKey.split(separator: "&", omittingEmptySubsequences: false)
        guard parts.first == "v1" else { return nil }
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "="),
                let name = Self.unescape(part[..<equals]),
                let value = Self.unescape(part[part.index(after: equals)...])
            else { return nil }
            if name.hasPrefix("f.") { filters[String(name.dropFirst(2))] = value } else { fields[name] = value }
        }
        guard let place = fields["place"], let checkIn = fields["in"].flatMap(CalendarDate.init),
            let checkOut = fields["out"].flatMap(CalendarDate.init), let guests = fields["guests"].flatMap({ Int($0) })
        else { return nil }
        self.init(placeID: place, checkIn: checkIn, checkOut: checkOut, guests: guests, filters: filters)
    }

    private static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
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
