import BookingAPI
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Apple Pay's sheet must be answered within a deadline, while a payment
/// may take minutes to settle. `payFromWalletSheet(with:within:)` returns in
/// time with what the sheet may show (success only on the server's
/// confirmation) and leaves the real outcome to the flow: a lost answer
/// looked up by its key, never a second charge. In-process and over real
/// HTTP on loopback.
@Suite(.hangLimit) struct WalletSheetTests {
    /// A client on `route` with `faults` planned, and a room held.
    static func heldRoom(
        _ route: SandboxFixture.Route, faults: [FaultInjectingTransport.Rule] = []
    ) async throws -> ClientFixture {
        let sandbox = try SandboxFixture(route: route)
        let fixture = ClientFixture(sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox))
        await fixture.client.launch()
        await fixture.client.setGuest(BookingFlow.Samples.guest)  // the checkout form, filled in
        let held = try await fixture.client.hold(try await fixture.firstOffer())
        if case .held = held {
            for fault in faults { sandbox.transport.inject(fault) }
            return fixture
        }
        Issue.record("the room was not held: \(held)")
        throw BookingClientError.actionUnavailable(.hold, stage: "\(held)", reason: "the fixture's hold")
    }

    /// The charges the sandbox's ledger records for the test account.
    static func charges(_ fixture: ClientFixture) async throws -> Int {
        try await fixture.sandbox.client(sleeper: NoSleeper()).sandboxLedger().chargeCount
    }

    /// The payments sent (`POST /v1/bookings`).
    static func posts(_ fixture: ClientFixture) -> Int {
        fixture.sandbox.transport.requests("POST", "/v1/bookings").count
    }

    /// Every lookup of a booking (by key, by id) answered 503: nothing ran.
    static let lookupsFail = FaultInjectingTransport.Rule("GET", "/v1/bookings", fault: "unavailable", times: 200)

    /// A room held on `route`, `faults` planned, then paid from the sheet
    /// with `token` within `deadline`: the fixture, the sheet's outcome and
    /// how long the call took.
    static func paidFromTheSheet(
        _ route: SandboxFixture.Route, token: String = "tok_wallet_visa", within deadline: Duration = .seconds(60),
        faults: [FaultInjectingTransport.Rule] = []
    ) async throws -> (fixture: ClientFixture, outcome: PaymentResult, took: Duration) {
        let fixture = try await heldRoom(route, faults: faults)
        let started = ContinuousClock.now
        let outcome = try await fixture.client.payFromWalletSheet(with: PaymentToken(token), within: deadline)
        return (fixture, outcome, ContinuousClock.now - started)
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func confirmedIsTheSheetsSuccess(route: SandboxFixture.Route) async throws {
        let (fixture, outcome, _) = try await Self.paidFromTheSheet(route)
        guard case .confirmed(let trip) = outcome else {
            Issue.record("expected confirmed, got \(outcome)")
            return
        }
        #expect(outcome.walletSheetSucceeds)
        #expect(trip.isSavedOnDevice)
        #expect(try await Self.charges(fixture) == 1)
        await fixture.sandbox.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aDeclineIsTheSheetsFailureAndChargesNothing(route: SandboxFixture.Route) async throws {
        let (fixture, outcome, _) = try await Self.paidFromTheSheet(route, token: "tok_chargeDeclined")
        #expect(outcome == .declined)
        #expect(!outcome.walletSheetSucceeds)
        #expect(try await Self.charges(fixture) == 0)
        await fixture.sandbox.stop()
    }

    /// The payment ran but its answer was lost, and every lookup by key
    /// failed too: the sheet fails (nothing confirmed yet), the flow keeps
    /// the payment as being checked, and asking again finds the one charge.
    @Test(arguments: SandboxFixture.Route.allCases)
    func aLostAnswerIsTheSheetsFailureThenFoundWithOneCharge(route: SandboxFixture.Route) async throws {
        let (fixture, outcome, _) = try await Self.paidFromTheSheet(
            route, faults: [.init("POST", "/v1/bookings", fault: "drop-response-after-commit"), Self.lookupsFail])
        guard case .stillBeingChecked = outcome else {
            Issue.record("expected the payment still being checked, got \(outcome)")
            return
        }
        #expect(!outcome.walletSheetSucceeds)
        #expect(await fixture.client.state.stage.kind == .unknown, "the flow says it is checking")
        fixture.sandbox.transport.clearFaults()
        try await fixture.client.checkAgain()
        guard case .confirmed? = await fixture.client.waitForPayment() else {
            Issue.record("the lookup by key did not find the booking: \(await fixture.client.state.stage.name)")
            return
        }
        #expect(Self.posts(fixture) == 1, "never a second payment")
        #expect(try await Self.charges(fixture) == 1)
        await fixture.sandbox.stop()
    }

    /// The server down: every payment and lookup answered 503 (nothing
    /// ran). The sheet fails within its deadline and nothing is charged.
    @Test(arguments: SandboxFixture.Route.allCases)
    func aServerDownIsTheSheetsFailureAndChargesNothing(route: SandboxFixture.Route) async throws {
        let (fixture, outcome, took) = try await Self.paidFromTheSheet(
            route, within: .seconds(20),
            faults: [.init("POST", "/v1/bookings", fault: "unavailable", times: 200), Self.lookupsFail])
        // By its deadline, give or take the firing of the deadline's timer:
        // under a whole `swift test` on 2 cores the call once ended 1.3 s
        // past it.
        #expect(took < .seconds(20) + .seconds(10))
        #expect(!outcome.walletSheetSucceeds, "\(outcome)")
        #expect(try await Self.charges(fixture) == 0)
        await fixture.sandbox.stop()
    }

    /// A server slower than the sheet: the call returns at its deadline
    /// (`.waitEnded`), the payment goes on in the flow, and ends confirmed
    /// with one POST and one charge. The server takes 20 s, the sheet
    /// 0.3 s: far apart, as a loaded machine once fired the sheet's timer
    /// 2.6 s late, after a server of 3 s had answered.
    @Test(arguments: SandboxFixture.Route.allCases)
    func aDeadlinePassedIsTheSheetsFailureAndThePaymentGoesOn(route: SandboxFixture.Route) async throws {
        let (fixture, outcome, took) = try await Self.paidFromTheSheet(
            route, within: .milliseconds(300), faults: [.init("POST", "/v1/bookings", fault: "delay-ms=20000")])
        #expect(took < .seconds(15), "the sheet's call took \(took)")
        guard case .stillBeingChecked(.waitEnded) = outcome else {
            Issue.record("expected the wait to end at the deadline, got \(outcome)")
            return
        }
        #expect(!outcome.walletSheetSucceeds)
        guard case .confirmed? = await fixture.client.waitForPayment() else {
            Issue.record("the payment did not go on: \(await fixture.client.state.stage.name)")
            return
        }
        #expect(Self.posts(fixture) == 1)
        #expect(try await Self.charges(fixture) == 1)
        await fixture.sandbox.stop()
    }

    @Test func aDeadlineOfZeroIsRefusedAndSendsNothing() async throws {
        let fixture = try await Self.heldRoom(.inProcess)
        await #expect(throws: BookingClientError.self) {
            try await fixture.client.payFromWalletSheet(with: PaymentToken("tok_wallet_visa"), within: .zero)
        }
        #expect(Self.posts(fixture) == 0)
        #expect(await fixture.client.state.stage.kind == .held, "the room is still held for Pay")
        await fixture.sandbox.stop()
    }

    @Test func onlyAConfirmationIsASuccess() {
        let results: [PaymentResult] = [
            .declined, .expired, .failed(.paymentFailed), .notPaid(.holdEnded, canPayAgain: false),
            .stillBeingChecked(.couldNotConfirm), .stillBeingChecked(.stillProcessing(BookingID("bk_1"))),
            .stillBeingChecked(.signInRequired),
            .needsBankPage(URL(string: "https://bank.example/3ds")!, booking: BookingID("bk_1")),
        ]
        for result in results { #expect(!result.walletSheetSucceeds, "\(result)") }
    }
}
