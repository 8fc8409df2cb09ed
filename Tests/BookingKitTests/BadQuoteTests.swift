import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// A quote for new dates whose figures do not add up (the difference is not
/// the new total minus the total paid) is the server's bad answer: refused
/// as such, never said as "the server cannot be reached".
@Suite(.hangLimit) struct BadQuoteTests {
    @Test func aQuoteThatDoesNotAddUpIsABadAnswerNotOffline() async throws {
        let front = try RewritingFront { request, response in
            guard request.method == "POST", request.target.hasSuffix("/modification-quotes") else { return response }
            return RewritingFront.rewritingJSON(response) { object in
                guard var difference = object["difference"] as? [String: Any],
                    let amount = difference["amount"] as? Int
                else { return }
                difference["amount"] = amount + 100
                object["difference"] = difference
            }
        }
        let booking = try await VersionBoundTests.book(front.api)
        let trips = try TripRepository(directory: front.sandbox.clientDirectory, api: front.api)
        try await trips.sync()
        do {
            _ = try await trips.modificationQuote(
                booking.bookingId, checkIn: CalendarDate("2026-12-02")!, checkOut: CalendarDate("2026-12-04")!)
            Issue.record("a quote that does not add up was accepted")
        } catch ModifyError.refused(_, let code, let message) {
            #expect(code == "INVALID_QUOTE")
            #expect(message.contains("cannot be used"), "\(message)")
        } catch {
            Issue.record("expected a refusal naming the bad quote, got \(error)")
        }
        #expect(front.requests.contains { $0.hasSuffix("/modification-quotes") }, "asked: \(front.requests)")
        await front.stop()
    }
}
