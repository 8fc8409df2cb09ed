import BookingPrimitives

/// Trips as one iCalendar document (RFC 5545), for a calendar app to import.
///
/// Each trip is an all-day event (`VALUE=DATE`) from the check-in day to the
/// check-out day, in the hotel's own calendar dates: the dates are written as
/// they are, never converted through a time zone, so a stay never moves by a
/// day on a device in another zone. The event's `UID` comes from the booking
/// id, so importing the file again updates the same event instead of adding
/// one; its `SEQUENCE` is the booking's version, so a calendar keeps the newest
/// copy; a cancelled booking is `STATUS:CANCELLED`, its refund in the
/// event's `DESCRIPTION`.
///
/// ```swift
/// let calendar = TripCalendar(trips: try await client.savedTrips())
/// try calendar.text.write(to: url, atomically: true, encoding: .utf8)
/// ```
///
/// The text follows the format's rules for what a parser reads: lines end in
/// CRLF and are folded at 75 octets (never inside a UTF-8 character), text
/// values escape `\`, `;`, `,` and line breaks, and control characters the
/// format does not allow are dropped.
public struct TripCalendar: Sendable, Equatable {
    /// One trip as an event.
    package struct Event: Sendable, Equatable {
        /// The booking; the event's `UID` is made from it.
        package var bookingID: BookingID
        /// The booking's version; the event's `SEQUENCE`.
        package var version: Version
        /// The first night (`DTSTART;VALUE=DATE`).
        package var checkIn: CalendarDate
        /// The day of departure (`DTEND;VALUE=DATE`, the end being exclusive
        /// in iCalendar as a check-out is).
        package var checkOut: CalendarDate
        /// The event's title, usually the property's name (`SUMMARY`).
        package var summary: String
        /// Where it is, usually the address and city (`LOCATION`).
        package var location: String?
        /// Whether the booking was cancelled (`STATUS:CANCELLED`, else `CONFIRMED`).
        package var isCancelled: Bool
        /// When this copy of the booking was last synced with the server, in
        /// seconds since 1970 UTC (`DTSTAMP`). Taken from the saved trip, so
        /// the same trips give the same text.
        package var stampUnixSeconds: Int64
        /// A note for people (`DESCRIPTION`): a cancelled trip's refund.
        package var note: String?

        /// An event for one trip.
        package init(
            bookingID: BookingID, version: Version, checkIn: CalendarDate, checkOut: CalendarDate,
            summary: String, location: String?, isCancelled: Bool, stampUnixSeconds: Int64, note: String? = nil
        ) {
            self.bookingID = bookingID
            self.version = version
            self.checkIn = checkIn
            self.checkOut = checkOut
            self.summary = summary
            self.location = location
            self.isCancelled = isCancelled
            self.stampUnixSeconds = stampUnixSeconds
            self.note = note
        }
    }

    /// The event of a hotel stay: the property's name and room as its title
    /// (`Hotel booking <id>` without them), the address and city as its place,
    /// a cancelled stay's refund as its note (`Cancelled: refunded EUR 362.28
    /// on 2 Dec (UTC)`).
    /// The one mapping from a trip to an event, for the command line and the
    /// library alike.
    package static func stay(
        bookingID: BookingID, version: Version, checkIn: CalendarDate, checkOut: CalendarDate, propertyName: String?,
        roomName: String?, address: String?, city: String?, isCancelled: Bool, stampUnixSeconds: Int64,
        refund: Refund? = nil
    ) -> Event {
        let title = propertyName.map { name in roomName.map { "\(name) (\($0))" } ?? name }
        let place = [address, city].compactMap { $0 }.filter { !$0.isEmpty }
        return Event(
            bookingID: bookingID, version: version, checkIn: checkIn, checkOut: checkOut,
            summary: title ?? "Hotel booking \(bookingID.rawValue)",
            location: place.isEmpty ? nil : place.joined(separator: ", "), isCancelled: isCancelled,
            stampUnixSeconds: stampUnixSeconds, note: isCancelled ? refund.map { "Cancelled: " + $0.text } : nil)
    }

    /// The events, in the order they are written.
    package var events: [Event]

    /// The calendar's `PRODID`.
    package static let productID = "-//BookingKit//Trips//EN"

    /// A calendar of these events.
    package init(events: [Event]) {
        self.events = events
    }

    /// The `UID` of a booking's event: the booking id with a fixed domain, so
    /// it never collides with another program's events.
    package static func uid(of bookingID: BookingID) -> String {
        "\(bookingID.rawValue)@bookingkit"
    }

    /// The whole document, CRLF line ends, folded.
    public var text: String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(Self.productID)", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
        ]
        for event in events { lines += Self.lines(of: event) }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined()
    }

    static func lines(of event: Event) -> [String] {
        var lines = [
            "BEGIN:VEVENT",
            "UID:\(escaped(uid(of: event.bookingID)))",
            "DTSTAMP:\(utcStamp(event.stampUnixSeconds))",
            "SEQUENCE:\(max(0, event.version.rawValue))",
            "DTSTART;VALUE=DATE:\(basic(event.checkIn))",
        ]
        // A stay ends after it starts; a saved trip whose dates do not say so
        // is shown as its first day alone (no DTEND means one day).
        if event.checkOut > event.checkIn { lines.append("DTEND;VALUE=DATE:\(basic(event.checkOut))") }
        lines.append("SUMMARY:\(escaped(event.summary))")
        if let location = event.location, !location.isEmpty { lines.append("LOCATION:\(escaped(location))") }
        if let note = event.note, !note.isEmpty { lines.append("DESCRIPTION:\(escaped(note))") }
        lines += [
            "STATUS:\(event.isCancelled ? "CANCELLED" : "CONFIRMED")",
            // A hotel stay does not make the traveller busy all day.
            "TRANSP:TRANSPARENT",
            "END:VEVENT",
        ]
        return lines
    }

    /// A TEXT value: `\`, `;`, `,` escaped, a line break as `\n`, other
    /// control characters (which the format forbids) dropped.
    static func escaped(_ value: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(value.unicodeScalars.count)
        var previousWasCR = false
        for scalar in value.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            case "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `YYYYMMDD`.
    static func basic(_ date: CalendarDate) -> String {
        pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
    }

    /// `YYYYMMDDTHHMMSSZ` for seconds since 1970 (floored to the day before 1970).
    static func utcStamp(_ seconds: Int64) -> String {
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let day = CivilCalendar.day(daysSince1970: days)
        return pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2) + "T" + pad(secondOfDay / 3600, 2)
            + pad(secondOfDay / 60 % 60, 2) + pad(secondOfDay % 60, 2) + "Z"
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// One content line with its CRLF, folded so no line is longer than 75
    /// octets: a fold is CRLF and a space, placed between UTF-8 characters.
    static func folded(_ line: String) -> String {
        var out = ""
        var octets = 0
        for character in line.unicodeScalars {
            let width = String(character).utf8.count
            if octets + width > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(character)
            octets += width
        }
        return out + "\r\n"
    }
}
