/// What an offer id names: a room type at a property for dates and guests.
///
/// The id is `off_<propertyId>_<room>_<YYYYMMDD>_<YYYYMMDD>_<guests>`, parsed
/// strictly, so the sandbox needs no table of offers it ever listed.
struct OfferKey: Hashable, Sendable {
    var propertyId: String
    var roomType: String
    var checkIn: CalendarDay
    var checkOut: CalendarDay
    var guests: Int

    var id: String {
        "off_\(propertyId)_\(roomType)_\(checkIn.compactString)_\(checkOut.compactString)_\(guests)"
    }

    var nights: Int { Int(checkOut.dayNumber - checkIn.dayNumber) }

    init(propertyId: String, roomType: String, checkIn: CalendarDay, checkOut: CalendarDay, guests: Int) {
        self.propertyId = propertyId
        self.roomType = roomType
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.guests = guests
    }

    /// Parses an offer id; `nil` when it is not one (its dates and guests
    /// are checked like a search's).
    init?(id: String) {
        guard id.utf8.count <= 64 else { return nil }
        let parts = id.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 7, parts[0] == "off", parts[1] == "htl",
            parts[2].count == 5, parts[2].allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }),
            ["std", "dlx", "fam"].contains(parts[3]),
            let checkIn = CalendarDay(compact: parts[4]), let checkOut = CalendarDay(compact: parts[5]),
            parts[6].count == 1, let guests = Int(parts[6]),
            SearchLimits.guests.contains(guests),
            SearchLimits.nights.contains(Int(checkOut.dayNumber - checkIn.dayNumber))
        else { return nil }
        self.init(
            propertyId: "htl_\(parts[2])", roomType: String(parts[3]), checkIn: checkIn, checkOut: checkOut,
            guests: guests)
    }
}

/// Bounds of a search (and of an offer id).
enum SearchLimits {
    static let guests = 1...8
    static let nights = 1...30
    /// How far ahead a check-in may be, in days.
    static let daysAhead: Int64 = 550
    static let pageSize = 1...50
    static let defaultPageSize = 10
}
