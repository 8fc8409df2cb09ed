import BookingCore
import BookingStore
import Foundation

/// One saved trip as `booking trips` prints it, for the full CLI's
/// `TripRecord`: each call makes the record a `TripRow` and prints it
/// through `TripPrinter`, the lean viewer's printer, so the two print the
/// same bytes by construction.
package enum TripText {
    /// One line: id, status, hotel and city, dates, total, voucher;
    /// amounts written by `money` when given (a locale's form), else neutral.
    package static func line(_ trip: TripRecord, colour: Bool, money: ((Money) -> String)? = nil) -> String {
        TripPrinter.line(TripRow(trip), colour: colour, money: money)
    }

    /// The trip as a JSON object whose opening brace is at nesting `depth`
    /// of a pretty-printed document (two spaces a level).
    package static func json(_ trip: TripRecord, depth: Int) -> String {
        TripPrinter.json(TripRow(trip), depth: depth)
    }

    /// Every line of `booking trip ID`, amounts written by `money`
    /// (neutral unless given).
    package static func detail(
        _ trip: TripRecord, colour: Bool, now: Date, money: (Money) -> String = \.formatted
    ) -> [String] {
        TripPrinter.detail(TripRow(trip), colour: colour, nowMilliseconds: milliseconds(now), money: money)
    }

    /// `text` as a JSON string (null for nil), escaped as the CLI's JSON writer does.
    package static func quoted(_ text: String?) -> String {
        TripPrinter.quoted(text)
    }

    /// Unix milliseconds of a date the store made from them (nearest, so
    /// the conversion back is exact).
    package static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The stderr note for a saved row the listing cannot show.
    package static func skippedNote(_ skipped: TripTable.Skipped) -> String {
        TripPrinter.skippedNote(bookingID: skipped.bookingID, reason: skipped.reason)
    }

    /// The stderr note for a trip shown without its details.
    package static func withoutDetailsNote(_ id: BookingID) -> String {
        TripPrinter.withoutDetailsNote(id)
    }

    /// What `booking trips` says when this device has no trip.
    package static let noTrips = TripPrinter.noTrips

    /// The sentence for the device's copy when the server was not reached.
    package static func offline(syncedAgo: String?) -> String {
        TripPrinter.offline(syncedAgo: syncedAgo)
    }

    /// The sentence for the device's copy when it was not refreshed for a
    /// reason that is not the network.
    package static func notRefreshed(_ reason: String, syncedAgo: String?) -> String {
        TripPrinter.notRefreshed(reason, syncedAgo: syncedAgo)
    }

    /// The JSON's `notRefreshed` when no refresh was asked for.
    package static let refreshNotAsked = TripPrinter.refreshNotAsked

    /// The JSON's `notRefreshed` when the network did not carry the refresh.
    package static let offlineReason = TripPrinter.offlineReason
}

extension TripRow {
    /// The row of `record` (its summary is the details).
    package init(_ record: TripRecord) {
        self.init(
            bookingID: record.bookingID, status: record.status, checkIn: record.checkIn, checkOut: record.checkOut,
            voucherCode: record.voucherCode, version: record.version,
            syncedAtMilliseconds: TripText.milliseconds(record.syncedAt),
            details: record.summary, refund: record.refund)
    }
}
