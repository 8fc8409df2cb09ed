import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import Foundation
import Testing

/// Hardening round 3, item 7: a wait until tomorrow was said as a bare
/// "13:59", and only `hold` said "UTC". A cancel the server asks to wait
/// on says the time in UTC with the date when it is not today. Real HTTP
/// over loopback, the real sandbox behind a front that answers the cancel
/// with `503` and `Retry-After: 86399`.
@Suite struct WaitUntilDateTests {
    @Test func aCancelToldToWaitUntilTomorrowSaysTheDateAndUTC() async throws {
        let world = try RewritingFront { request, response in
            guard request.method == "POST", request.path.hasSuffix("/cancel") else { return response }
            return HTTPResponse(status: 503, headers: ["Retry-After": "86399"], body: Data())
        }
        let (trips, id) = try await world.confirmedTrip()
        let before = Int64(Date().timeIntervalSince1970)
        let error = await #expect(throws: CancelError.self) { try await trips.cancel(id) }
        let after = Int64(Date().timeIntervalSince1970)
        // The text the client writes for the deadline it was given, read
        // from either side of the call (the second may have turned), and the
        // deadline with or without its fraction of a second rounded up (a
        // whole second that may cross into the next minute).
        let said = "\(String(describing: error))"
        let expected = [before, after].flatMap { now in
            [86_399, 86_400].map { WaitUntilText.text(until: now + $0, nowUnixSeconds: now) }
        }
        #expect(said.contains(" UTC on "), "\(said)")
        #expect(expected.contains { said.contains($0) }, "\(said) says none of \(expected)")
        await world.stop()
    }
}
