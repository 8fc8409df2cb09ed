import BookingPrimitives
import BookingValues

/// One saved trip as `booking trips` and `booking trip ID` print it: a line
/// for people, the detail lines, an object for `--json`. The lean viewer
/// and the full CLI print through these, so their output is one.
package enum TripPrinter {
    /// One line: id, status, hotel and city, dates, total, voucher, refund;
    /// amounts written by `money` when given (a locale's form), else neutral.
    package static func line(_ trip: some TripLineFields, colour: Bool, money: ((Money) -> String)? = nil) -> String {
        var bytes: [UInt8] = []
        var digits = ViewerText.MinorDigits()
        appendLine(trip, colour: colour, money: money, to: &bytes, digits: &digits)
        bytes.removeLast()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line and a newline to `out`, byte by byte (no string is
    /// built per row: a listing prints thousands), with the currency's minor
    /// digits kept across the lines of a listing in `digits`. `money`, when
    /// given, writes the amounts instead (a locale's form).
    static func appendLine(
        _ trip: some TripLineFields, colour: Bool, money: ((Money) -> String)? = nil, to out: inout some ByteSink,
        digits: inout ViewerText.MinorDigits
    ) {
        func safe(_ field: TripLineField) { trip.withText(field) { ViewerText.writeSafe($0, to: &out) } }
        let space: UInt8 = 0x20
        safe(.bookingID)
        out.append(space)
        out.append(space)
        let confirmed = trip.status == .confirmed
        if colour { ViewerText.write(confirmed ? "\u{1B}[32m" : "\u{1B}[31m", to: &out) }
        switch trip.status {
        case .confirmed: ViewerText.write("CONFIRMED", to: &out)
        case .cancelled: ViewerText.write("CANCELLED", to: &out)
        default: ViewerText.writeSafe(trip.status.rawValue, to: &out)
        }
        if colour { ViewerText.write("\u{1B}[0m", to: &out) }
        if trip.hasDetails {
            out.append(space)
            out.append(space)
            safe(.propertyName)
            out.append(0x2C)  // ","
            out.append(space)
            safe(.city)
        }
        out.append(space)
        out.append(space)
        safe(.checkIn)
        ViewerText.write(" to ", to: &out)
        safe(.checkOut)
        if let total = trip.total {
            out.append(space)
            out.append(space)
            if let money {
                ViewerText.writeSafe(money(total), to: &out)
            } else {
                ViewerText.writeMoney(total, digits: digits.of(total.currency), to: &out)
            }
        }
        trip.withText(.voucherCode) { voucher in
            guard let voucher else { return }
            ViewerText.write("  voucher ", to: &out)
            ViewerText.writeSafe(voucher, to: &out)
        }
        if let refund = trip.refund {
            ViewerText.write("  ", to: &out)
            var text = money.map { refund.text(money: $0) } ?? refund.text
            text.withUTF8 { out.append(contentsOf: UnsafeRawBufferPointer($0)) }
        }
        out.append(0x0A)
    }

    /// The trip as a JSON object whose opening brace is at nesting `depth`
    /// of a pretty-printed document (two spaces a level), byte for byte what
    /// the CLI's `JSONValue` writes for it.
    package static func json(_ trip: TripRow, depth: Int) -> String {
        let details = trip.details
        let inner = String(repeating: "  ", count: depth + 1)
        var out = "{\n"
        func field(_ name: String, _ value: String, last: Bool = false) {
            out += inner + "\"" + name + "\": " + value + (last ? "\n" : ",\n")
        }
        field("bookingId", quoted(trip.bookingID.rawValue))
        field("status", quoted(trip.status.rawValue))
        field("propertyName", quoted(details?.propertyName))
        field("city", quoted(details?.city))
        field("address", quoted(details?.address))
        field("roomName", quoted(details?.roomName))
        field("guests", details.map { String($0.guests) } ?? "null")
        field("guestName", quoted(details?.door.guestName))
        field("phone", quoted(details?.door.phone))
        field("checkInTime", quoted(details?.door.checkInTime))
        field("checkOutTime", quoted(details?.door.checkOutTime))
        if let terms = details?.terms {
            let amount = inner + "    "
            out += inner + "\"cancellation\": {\n"
            out += inner + "  \"kind\": " + quoted(terms.freeUntil == nil ? "NON_REFUNDABLE" : "FREE_UNTIL") + ",\n"
            out +=
                inner + "  \"freeUntil\": "
                + quoted(terms.freeUntil.map { ViewerText.iso(unixMilliseconds: $0.milliseconds) }) + ",\n"
            out += inner + "  \"timeZone\": " + quoted(terms.freeUntil?.zone) + ",\n"
            out += inner + "  \"penalty\": {\n"
            out += amount + "\"amount\": " + String(terms.penalty.minorUnits) + ",\n"
            out += amount + "\"currency\": " + quoted(terms.penalty.currency.rawValue) + ",\n"
            out += amount + "\"formatted\": " + quoted(terms.penalty.formatted) + "\n" + inner + "  }\n"
            out += inner + "},\n"
        } else {
            field("cancellation", "null")
        }
        field("checkIn", quoted(trip.checkIn))
        field("checkOut", quoted(trip.checkOut))
        field("voucherCode", quoted(trip.voucherCode))
        if let refund = trip.refund {
            let amount = inner + "    "
            out += inner + "\"refund\": {\n" + inner + "  \"amount\": {\n"
            out += amount + "\"amount\": " + String(refund.amount.minorUnits) + ",\n"
            out += amount + "\"currency\": " + quoted(refund.amount.currency.rawValue) + ",\n"
            out += amount + "\"formatted\": " + quoted(refund.amount.formatted) + "\n" + inner + "  },\n"
            out += inner + "  \"state\": " + quoted(refund.state.rawValue) + ",\n"
            out += inner + "  \"updatedAt\": " + quoted(ViewerText.iso(unixMilliseconds: refund.updatedAtMilliseconds))
            out += "\n" + inner + "},\n"
        } else {
            field("refund", "null")
        }
        if let price = details?.price {
            let (line, amount) = (inner + "  ", inner + "    ")
            out += inner + "\"price\": {\n"
            let lines = [
                ("total", price.total), ("nightly", price.nightly), ("taxes", price.taxes), ("fees", price.fees),
            ]
            for (index, (name, money)) in lines.enumerated() {
                out += line + "\"" + name + "\": {\n" + amount + "\"amount\": " + String(money.minorUnits) + ",\n"
                out += amount + "\"currency\": " + quoted(money.currency.rawValue) + ",\n"
                out += amount + "\"formatted\": " + quoted(money.formatted) + "\n" + line + "}"
                out += index < lines.count - 1 ? ",\n" : "\n"
            }
            out += inner + "},\n"
        } else {
            field("price", "null")
        }
        field("version", String(trip.version.rawValue))
        field("syncedAt", quoted(ViewerText.iso(unixMilliseconds: trip.syncedAtMilliseconds)), last: true)
        return out + String(repeating: "  ", count: depth) + "}"
    }

    /// Every line of `booking trip ID`, its age against `nowMilliseconds`
    /// (unix ms), amounts written by `money` (neutral unless given).
    package static func detail(
        _ trip: TripRow, colour: Bool, nowMilliseconds: Int64, money: (Money) -> String = \.formatted
    ) -> [String] {
        let safe = ViewerText.terminalSafe
        let title = "Trip " + safe(trip.bookingID.rawValue)
        var lines = [
            (colour ? "\u{1B}[1m" + title + "\u{1B}[0m" : title) + "  "
                + ViewerText.status(trip.status.rawValue, green: trip.status == .confirmed, colour: colour)
        ]
        if let details = trip.details {
            lines.append(
                "  hotel:     " + safe(details.propertyName) + ", " + safe(details.city)
                    + (details.address.map { " (" + safe($0) + ")" } ?? "")
                    + (details.stars.map { ", \($0) stars" } ?? ""))
            lines.append("  room:      " + safe(details.roomName) + ", \(details.guests) guest(s)")
            if let name = details.door.guestName { lines.append("  guest:     " + safe(name)) }
            if let door = doorLine(details.door) { lines.append("  door:      " + door) }
            if trip.status == .confirmed, let terms = details.terms {
                lines.append("  cancel:    " + safe(terms.text(nowMilliseconds: nowMilliseconds, money: money)))
            }
            lines.append("  price:     " + details.price.text(nights: nights(trip), money: money))
        }
        lines.append("  stay:      " + safe(trip.checkIn) + " to " + safe(trip.checkOut))
        if let voucher = trip.voucherCode { lines.append("  voucher:   " + safe(voucher)) }
        if let refund = trip.refund { lines.append("  refund:    " + refund.text(money: money)) }
        lines.append(
            "  version:   \(trip.version.rawValue), synced "
                + ViewerText.age(seconds: max(0, nowMilliseconds - trip.syncedAtMilliseconds) / 1000))
        return lines
    }

    /// The stay's number of nights, from the saved dates (nil when they
    /// are not dates), for the nightly rate's line.
    static func nights(_ trip: TripRow) -> Int? {
        guard let start = CalendarDate(trip.checkIn), let end = CalendarDate(trip.checkOut) else { return nil }
        return start.days(until: end)
    }

    /// The desk's hours and phone on one line ("check-in from 15:00,
    /// check-out until 11:00, front desk +351 21 000 1037"); nil when the
    /// server gave none of them.
    static func doorLine(_ door: TripSummary.Door) -> String? {
        let safe = ViewerText.terminalSafe
        let parts = [
            door.checkInTime.map { "check-in from " + safe($0) },
            door.checkOutTime.map { "check-out until " + safe($0) },
            door.phone.map { "front desk " + safe($0) },
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `text` as a JSON string (null for nil), escaped as the CLI's JSON
    /// writer does: C0, DEL, C1 and the line separators as `\u` escapes.
    package static func quoted(_ text: String?) -> String {
        guard let text else { return "null" }
        let plain = text.utf8.allSatisfy { (0x20...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C }
        return plain ? "\"" + text + "\"" : JSONText.quoted(text)
    }

    /// The stderr note for a saved row the listing cannot show.
    package static func skippedNote(bookingID: String, reason: String) -> String {
        "booking: trip \(ViewerText.terminalSafe(bookingID)) not shown: "
            + "\(ViewerText.terminalSafe(reason)) (the saved row is kept)"
    }

    /// The stderr note for a trip shown without its details (its saved JSON
    /// does not have a trip's shape, or had a value the checks refuse).
    package static func withoutDetailsNote(_ id: BookingID) -> String {
        "booking: trip \(ViewerText.terminalSafe(id.rawValue)): "
            + "its saved details cannot be read; shown without them"
    }

    /// What `booking trips` says when this device has no trip, the lean
    /// viewer and the CLI alike.
    package static let noTrips =
        "No trips on this device yet. Book one: booking search, booking offers, booking hold, booking pay."

    /// The sentence for the device's copy when the server was not reached:
    /// `Offline: this device's copy, synced 3 min ago.` (`syncedAgo` nil:
    /// never synced).
    package static func offline(syncedAgo: String?) -> String {
        "Offline: this device's copy, \(syncedAgo.map { "synced " + $0 } ?? "never synced")."
    }

    /// The sentence for the device's copy when it was not refreshed for a
    /// reason that is not the network (a certificate refused, no address, a
    /// read-only data directory): `Not refreshed: REASON. This device's
    /// copy, synced 3 min ago.`
    package static func notRefreshed(_ reason: String, syncedAgo: String?) -> String {
        "Not refreshed: \(reason). This device's copy, \(syncedAgo.map { "synced " + $0 } ?? "never synced")."
    }

    /// The JSON's `notRefreshed` when no refresh was asked for.
    package static let refreshNotAsked = "not asked for (--refresh checks with the server first)"

    /// The JSON's `notRefreshed` when the network did not carry the refresh.
    package static let offlineReason = "offline: the server cannot be reached"
}
