import BookingHTTPServer
import BookingTestSupport
import Foundation
import Testing

/// Outside round 4, item 9: a payment whose answer names a bank page the
/// client refuses (`javascript:`, neither https nor the server's own) said
/// only "We could not confirm ... Do not pay again" until the hold ended;
/// only `reconcile` named the reason. Now `booking pay` says it when the
/// answer comes, and the payment is asked about again by its key. The real
/// sandbox behind a front that rewrites the payment's answer, real HTTP
/// over loopback, `booking` run as a user types it.
@Suite struct RefusedAnswerCommandTests {
    @Test func aBankPageTheClientRefusesIsNamedAtOnceAndThePaymentIsAskedAgain() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let front = RewritingHandler(inner: sandbox.handler) { request, response in
            guard request.method == "POST", request.path == "/v1/bookings", response.status == 201 else {
                return response
            }
            return RewritingHandler.rewritingJSON(response) { object in
                object["nextAction"] = ["type": "redirect", "url": "javascript:alert(1)"]
            }
        }
        let listener = HTTPListener(handler: front)
        let port = try listener.start()
        let booking = InProcess(server: "http://127.0.0.1:\(port)", label: "cli-refused-answer")
        try await booking.holdAnOffer()

        let pay = try await booking.run(["pay", "--card", "tok_threeDSecureRequired"])
        #expect(
            pay.error.contains("booking: refused the server's answer (")
                && pay.error.contains("its 3-D Secure page \"javascript:alert(1)\" is neither https nor"),
            "\(pay.error)")
        // Asked again by its key: the booking's own page, then confirmed once.
        #expect(front.seen.contains { $0.hasPrefix("GET /v1/bookings?attempt=") }, "\(front.seen)")
        #expect(pay.status == 0, "\(pay.output) \(pay.error)")
        #expect(pay.output.contains("Outcome: confirmed"), "\(pay.output)")
        await listener.shutdown()
        await sandbox.stop()
    }
}
