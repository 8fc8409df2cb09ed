import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Reconciliation in another process must not end a hold request that is
/// still being retried: the grace it leaves a young `HOLD_REQUESTED` row is
/// the hold request's real worst case, not a fixed minute.
@Suite(.hangLimit) struct InFlightGraceTests {
    @Test(arguments: SandboxFixture.Route.allCases)
    func aHoldRequestStillBeingRetriedIsLeftPendingByAReconcileElsewhere(route: SandboxFixture.Route) async throws {
        let sandbox = try SandboxFixture(route: route)
        // The first try is answered 503: the app waits out its Retry-After
        // (at the gate, as long as the test likes) and sends again.
        sandbox.transport.inject(.init("POST", "/v1/holds", fault: "unavailable"))
        let gate = GateSleeper()
        let app = try BookingClient(
            ClientFixture.configuration(sandbox: sandbox),
            seams: BookingClient.Seams(dependencies: Dependencies(sleeper: NoSleeper()), retrySleeper: gate))
        await app.launch()
        let fixture = ClientFixture(sandbox: sandbox, client: app)
        try await app.startHold(try await fixture.firstOffer())
        await gate.waitUntil(waiting: 1)

        // A reconcile job 70 s later (a minute and more into the retries of
        // a request whose tries, timeouts and waits may take four).
        let later = try BookingClient(
            ClientFixture.configuration(sandbox: sandbox),
            dependencies: Dependencies(now: { Date().addingTimeInterval(70) }, sleeper: NoSleeper()))
        let report = await later.reconcile()
        #expect(report.expired == 0)
        #expect(report.stillPending == 1)
        #expect(try await later.openAttempts().map(\.phase) == [.holdRequested])

        gate.open()
        let held = try await app.waitUntilAtRest(timeout: Poll.defaultTimeout)
        #expect(held.stage.kind == .held)
        #expect(try await later.openAttempts().map(\.phase) == [.held])
        await sandbox.stop()
    }

    @Test func theGraceIsTheHoldRequestsWorstCaseUnderTheLongestConfiguration() {
        let patient = APIConfiguration()
        // Four tries sharing 15 s on the server, a wait of up to 60 s before
        // each (the first for a remembered Retry-After), and a margin.
        let worst = 4 * 60 + 15
        #expect(RepositoryConfiguration.inFlightGrace(for: patient) >= TimeInterval(worst))
        // A quick process (the viewer's one try of a second) still leaves
        // the grace a patient process's hold request needs.
        let quick = APIConfiguration(policy: OutcomePolicy(maxAttempts: 1), holdTimeout: .seconds(1))
        let grace = RepositoryConfiguration.inFlightGrace
        #expect(grace(quick) == grace(patient))
        let slower = APIConfiguration(
            policy: OutcomePolicy(maxAttempts: 6, longestWait: .seconds(120)), holdTimeout: .seconds(30))
        #expect(RepositoryConfiguration.inFlightGrace(for: slower) >= TimeInterval(6 * 120 + 30))
    }
}
