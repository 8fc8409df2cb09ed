import BookingAPI
import BookingCore
import BookingKit
import BookingViewer
import Foundation

/// Draws trips saved on the device, for people and for `--json`, from the
/// typed columns of each row (no JSON is decoded to list). Every value came
/// from a server answer and was saved: for people it is terminal-safe
/// (escape sequences, bidi overrides shown escaped); `--json` is exact.
package struct TripRenderer: Sendable {
    /// The console (for styles).
    package let console: Console

    /// Creates a renderer.
    package init(console: Console) {
        self.console = console
    }

    /// One line of `booking trips` (the lean viewer's line: one code for both).
    package func line(_ trip: TripRepository.Trip) -> String {
        TripText.line(trip.record, colour: console.usesColour, money: console.money.text)
    }

    /// Every line of `booking trip ID`.
    package func detail(_ trip: TripRepository.Trip) -> [String] {
        TripText.detail(trip.record, colour: console.usesColour, now: Date(), money: console.money.text)
    }

    /// A trip as JSON (see the README for the fields).
    package static func json(_ trip: TripRepository.Trip) -> JSONValue {
        let record = trip.record
        let summary = record.summary
        return [
            "bookingId": .string(record.bookingID.rawValue),
            "status": .string(record.status.rawValue),
            "propertyName": .text(summary?.propertyName),
            "city": .text(summary?.city),
            "address": .text(summary?.address),
            "roomName": .text(summary?.roomName),
            "guests": summary.map { .number($0.guests) } ?? .null,
            "guestName": .text(summary?.door.guestName),
            "phone": .text(summary?.door.phone),
            "checkInTime": .text(summary?.door.checkInTime),
            "checkOutTime": .text(summary?.door.checkOutTime),
            "cancellation": summary?.terms.map { terms in
                [
                    "kind": .string(terms.freeUntil == nil ? "NON_REFUNDABLE" : "FREE_UNTIL"),
                    "freeUntil": .text(terms.freeUntil.map { ViewerText.iso(unixMilliseconds: $0.milliseconds) }),
                    "timeZone": .text(terms.freeUntil?.zone), "penalty": FlowRenderer.moneyJSON(terms.penalty),
                ]
            } ?? .null,
            "checkIn": .string(record.checkIn),
            "checkOut": .string(record.checkOut),
            "voucherCode": .text(record.voucherCode),
            "refund": record.refund.map { refund in
                [
                    "amount": FlowRenderer.moneyJSON(refund.amount), "state": .string(refund.state.rawValue),
                    "updatedAt": .string(ViewerText.iso(unixMilliseconds: refund.updatedAtMilliseconds)),
                ]
            } ?? .null,
            "price": summary.map { FlowRenderer.priceJSON($0.price) } ?? .null,
            "version": .int(record.version.rawValue),
            "syncedAt": .string(ViewerText.iso(unixMilliseconds: TripText.milliseconds(record.syncedAt))),
        ]
    }
}
