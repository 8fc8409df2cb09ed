import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// Draws trips saved on the device, for people and for `--json`. Every value
/// came from a server answer and was saved: for people it is terminal-safe
/// (escape sequences, bidi overrides shown escaped); `--json` is exact.
public struct TripRenderer: Sendable {
    /// The console (for styles).
    public let console: Console

    /// Creates a renderer.
    public init(console: Console) {
        self.console = console
    }

    /// One line of `booking trips`.
    package func line(_ trip: TripRepository.Trip) -> String {
        let record = trip.record
        let status = console.styled(record.status.rawValue, record.status == .confirmed ? .green : .red)
        var parts = [record.bookingID.rawValue.terminalSafe, status]
        if let details = trip.details {
            parts.append("\(details.property.name.terminalSafe), \(details.property.city.terminalSafe)")
        }
        parts.append("\(record.checkIn.terminalSafe) to \(record.checkOut.terminalSafe)")
        if let details = trip.details { parts.append(details.price.total.formatted.terminalSafe) }
        if let voucher = record.voucherCode { parts.append("voucher \(voucher.terminalSafe)") }
        return parts.joined(separator: "  ")
    }

    /// Every line of `booking trip ID`.
    package func detail(_ trip: TripRepository.Trip) -> [String] {
        let record = trip.record
        var lines = [
            console.styled("Trip \(record.bookingID.rawValue.terminalSafe)", .bold) + "  "
                + console.styled(record.status.rawValue, record.status == .confirmed ? .green : .red)
        ]
        if let details = trip.details {
            let property = details.property
            lines.append(
                "  hotel:     \(property.name.terminalSafe), \(property.city.terminalSafe)"
                    + (property.address.map { " (\($0.terminalSafe))" } ?? "")
                    + (property.stars.map { ", \($0) stars" } ?? ""))
            lines.append("  room:      \(details.room.name.terminalSafe), \(details.guests) guest(s)")
            lines.append("  price:     " + FlowRenderer.priceText(details.price))
        }
        lines.append("  stay:      \(record.checkIn.terminalSafe) to \(record.checkOut.terminalSafe)")
        if let voucher = record.voucherCode { lines.append("  voucher:   \(voucher.terminalSafe)") }
        lines.append("  version:   \(record.version.rawValue), synced \(AgeText.describe(since: record.syncedAt))")
        return lines
    }

    /// A trip as JSON (see the README for the fields).
    package static func json(_ trip: TripRepository.Trip) -> JSONValue {
        let record = trip.record
        let details = trip.details
        return [
            "bookingId": .string(record.bookingID.rawValue),
            "status": .string(record.status.rawValue),
            "propertyName": .text(details?.property.name),
            "city": .text(details?.property.city),
            "address": .text(details?.property.address),
            "roomName": .text(details?.room.name),
            "guests": details.map { .number($0.guests) } ?? .null,
            "checkIn": .string(record.checkIn),
            "checkOut": .string(record.checkOut),
            "voucherCode": .text(record.voucherCode),
            "price": details.map { FlowRenderer.priceJSON($0.price) } ?? .null,
            "version": .int(record.version.rawValue),
            "syncedAt": .string(AgeText.iso(record.syncedAt)),
        ]
    }
}
