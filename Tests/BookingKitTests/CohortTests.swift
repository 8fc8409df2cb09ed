import BookingAPI
import BookingHTTPServer
import BookingKit
import BookingPrimitives
import BookingSandbox
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 39 item 10: a rollout behind a flag. The app puts the user in a
/// group (`Configuration.cohort`); every request names it, every metrics
/// report and event-log line carries it, the sandbox's dashboard compares
/// the groups, and the guardrail pauses one group while the other pays on.
/// A real sandbox, in-process and over real HTTP on loopback.
@Suite(.hangLimit) struct CohortTests {
    /// A client of `cohort` on `sandbox`, in a data directory of its own.
    static func client(
        _ sandbox: SandboxFixture, cohort: String?, metrics: (any BookingMetrics)? = nil, logPath: String? = nil
    ) throws -> ClientFixture {
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.dataDirectory = URL(fileURLWithPath: sandbox.directory.file("device-\(cohort ?? "none")"))
        configuration.cohort = cohort
        if let metrics { configuration.metrics = metrics }
        var seams = BookingClient.Seams(dependencies: Dependencies(sleeper: NoSleeper()))
        seams.eventLogPath = logPath
        return ClientFixture(sandbox: sandbox, client: try BookingClient(configuration, seams: seams))
    }

    /// The dashboard's rollout groups, as `/sandbox/cohorts.json` gives them.
    static func dashboard(_ sandbox: SandboxFixture) async throws -> [String: JSONValue] {
        let response = await sandbox.handler.handle(
            HTTPRequest(method: "GET", target: "/sandbox/cohorts.json", headers: ["Host": "127.0.0.1"], body: Data()))
        let rows = try JSONDecoder().decode(JSONValue.self, from: response.body)
        return Dictionary(
            uniqueKeysWithValues: rows.items.compactMap { row in row["cohort"].stringValue.map { ($0, row) } })
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theGroupRidesOnEveryRequestReportAndLogLine(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        let metrics = BookingMetricsTests.Recording()
        let log = sandbox.directory.file("flow.jsonl")
        let fixture = try Self.client(sandbox, cohort: "new-checkout", metrics: metrics, logPath: log)
        #expect(try await fixture.holdFirstOfferAndPay(with: "tok_visa").stage.kind == .confirmed)
        let requests = sandbox.transport.requests
        #expect(!requests.isEmpty)
        #expect(requests.allSatisfy { $0.headers["Booking-Cohort"] == "new-checkout" })
        #expect(await metrics.wait(for: 1).first?.cohort == "new-checkout")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(#""cohort":"new-checkout""#) })
        let row = try #require(try await Self.dashboard(sandbox)["new-checkout"])
        #expect(row["bookings"].intValue == 1)
        #expect(row["settled"].intValue == 1)
        #expect(row["lookedUpAfterPost"].intValue == 0)
        await sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theGuardrailPausesOneGroupWhileTheOtherPaysOn(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(
            route: route, guardrail: GuardrailSettings(unknownShare: 0.5, window: 2))
        let new = try Self.client(sandbox, cohort: "new")
        let control = try Self.client(sandbox, cohort: "control")
        // The new group's answers are lost after the server charged: each
        // payment is found by its key, which the server counts as Unknown.
        // Wallet payments: the guardrail pauses the wallet kind too, while
        // cards stay on for everyone but the paused group.
        for _ in 0..<2 {
            sandbox.transport.inject(.init("POST", "/v1/bookings", fault: "drop-response-after-commit"))
            await new.client.launch()
            try await new.client.hold(try await new.firstOffer(), bookingAgain: true)
            _ = try await new.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
            _ = try await new.client.pay(with: PaymentToken("tok_wallet_visa"), guest: BookingFlow.Samples.guest)
            #expect(await new.client.state.stage.kind == .confirmed)
        }
        let rows = try await Self.dashboard(sandbox)
        #expect(rows["new"]?["lookedUpAfterPost"].intValue == 2)
        #expect(rows["new"]?["pausedBy"].stringValue == "guardrail")

        // The new group: Pay is off with the group's reason, and a payment is refused.
        let off = await new.client.refreshPaymentMethods()
        #expect(off.off[.card]?.contains("rollout group") == true)
        try await new.client.hold(try await new.firstOffer(), bookingAgain: true)
        let refused = try await new.client.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(!refused.enabledActions.contains(.pay))
        // The control group pays on (a second room of the stay the new
        // group booked, on purpose: the account has that stay booked).
        #expect(
            try await control.holdFirstOfferAndPay(with: "tok_visa", bookingAgain: true).stage.kind == .confirmed)
        #expect(try await Self.dashboard(sandbox)["control"]?["pausedReason"] == .null)
        await sandbox.stop()
    }

    @Test func aGroupOfAnotherShapeIsRefusedByTheServerAndLeftOutByTheClient() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        let response = await sandbox.handler.handle(
            HTTPRequest(
                method: "GET", target: "/v1/payment-methods",
                headers: ["Host": "127.0.0.1", "Authorization": "Bearer sk_test_test", "Booking-Cohort": "a b"],
                body: Data()))
        #expect(response.status == 400)
        let fixture = try Self.client(sandbox, cohort: String(repeating: "x", count: 33))
        _ = await fixture.client.refreshPaymentMethods()
        #expect(sandbox.transport.requests.allSatisfy { $0.headers["Booking-Cohort"] == nil })
        await sandbox.stop()
    }
}
