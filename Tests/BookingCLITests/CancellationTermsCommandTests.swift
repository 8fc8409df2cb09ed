import Foundation
import TestSupport
import Testing

/// `booking offers` and `booking hold` say what cancelling keeps before the
/// traveller pays: each offer's terms under its line (and in `--json`), and
/// the held room's terms before Pay.
@Suite struct CancellationTermsCommandTests {
    @Test func offersAndHoldSayTheTermsBeforePaying() async throws {
        let booking = Booking()
        let free = "Free cancellation until 18:00 on \(Booking.date(18, format: "d MMM")) (Europe/Lisbon), then EUR "
        let listed = try await booking.run([
            "offers", "--place", "plc_lisbon", "--check-in", Booking.date(20), "--check-out", Booking.date(22),
            "--guests", "2",
        ])
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.contains("Non-refundable: cancelling keeps EUR "), "\(listed.output)")
        #expect(listed.output.contains(free), "\(listed.output)")

        let offers = try await booking.offers(days: 20)
        let refundable = try #require(
            offers.first { ($0["cancellation"] as? [String: Any])?["kind"] as? String == "FREE_UNTIL" })
        let terms = try #require(refundable["cancellation"] as? [String: Any])
        #expect(terms["freeNow"] as? Bool == true)
        #expect(terms["timeZone"] as? String == "Europe/Lisbon")
        let nightly = (refundable["price"] as? [String: Any])?["nightly"] as? [String: Any]
        #expect((terms["penalty"] as? [String: Any])?["formatted"] as? String == nightly?["formatted"] as? String)

        let id = try #require(refundable["offerId"] as? String)
        let hold = try await booking.run(["hold", id, "--no-wait"])
        #expect(hold.status == 0, "\(hold.error)")
        let said = try #require(nightly?["formatted"] as? String)
        #expect(hold.output.contains("Cancelling: " + free + said.dropFirst(4)), "\(hold.output)")
    }
}
