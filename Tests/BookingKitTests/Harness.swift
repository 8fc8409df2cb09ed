import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// A sandbox plus the client's runtime over one data directory, reachable
/// in-process or over real HTTP on loopback.
final class Harness: @unchecked Sendable {
    let sandbox: SandboxFixture
    let api: BookingAPIClient
    let sleeper = NoSleeper()
    private(set) var runtime: BookingRuntime
    let configuration: RepositoryConfiguration
    let challenges = ChallengeRecorder()
    /// The current process's death: set `killAt` to make it "die" at that
    /// boundary (counted from 1). A restart starts a new process with a new one.
    private(set) var death = ProcessDeath()

    /// A harness whose sandbox will answer with `faults` (planned before any request).
    init(
        route: SandboxFixture.Route, holdTTLMilliseconds: Int64 = 15 * 60 * 1000,
        configuration: RepositoryConfiguration = RepositoryConfiguration(),
        faults: [FaultInjectingTransport.Rule] = [], retryAfterSeconds: Int = 1, behindGateway: Bool = false
    ) throws {
        sandbox = try SandboxFixture(
            route: route, holdTTLMilliseconds: holdTTLMilliseconds, retryAfterSeconds: retryAfterSeconds,
            behindGateway: behindGateway)
        for fault in faults { sandbox.transport.inject(fault) }
        api = sandbox.client(sleeper: sleeper)
        self.configuration = configuration
        runtime = try Self.makeRuntime(
            sandbox: sandbox, api: api, sleeper: sleeper, configuration: configuration,
            challenges: challenges, death: death)
    }

    private static func makeRuntime(
        sandbox: SandboxFixture, api: BookingAPIClient, sleeper: NoSleeper,
        configuration: RepositoryConfiguration, challenges: ChallengeRecorder,
        death: ProcessDeath
    ) throws -> BookingRuntime {
        try BookingRuntime(
            directory: sandbox.clientDirectory, api: api, configuration: configuration,
            dependencies: Dependencies(sleeper: sleeper),
            openChallenge: { id, url in challenges.record(id, url) },
            logPath: sandbox.directory.file("client/events.log"),
            boundaryHook: { boundary in death.pass(boundary) })
    }

    /// Process death: the runtime is dropped (its effects stop at the
    /// boundary) and a new one opens the same files.
    func restart() throws {
        death.revive()
        death = ProcessDeath()
        runtime = try Self.makeRuntime(
            sandbox: sandbox, api: api, sleeper: sleeper, configuration: configuration,
            challenges: challenges, death: death)
    }

    var repository: BookingRepository { runtime.repository }
    var flow: FlowStore { runtime.flow }

    /// The first offer in Lisbon for two nights, as the flow sees it.
    func firstOffer() async throws -> Offer { try await Harness.firstOffer(from: api) }

    /// The first offer in Lisbon for two nights that `api` lists (with
    /// `refundable`, the first whose cancellation is free now), as the flow sees it.
    static func firstOffer(from api: BookingAPIClient, refundable: Bool = false) async throws -> Offer {
        let page = try await api.offers(
            placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
            guests: 2, filters: refundable ? ["freeCancellation": "true"] : [:])
        let listing = try #require(page.items.first)
        return try #require(Offer(listing: listing, quotedAt: Date(timeIntervalSince1970: 0)))
    }

    static func newAttempt() -> (attempt: AttemptID, key: IdempotencyKey) {
        (AttemptID(UUID().uuidString.lowercased()), IdempotencyKey(UUID().uuidString.lowercased()))
    }

    /// Chooses the first offer and taps Hold on a fresh attempt; returns
    /// what was sent, without waiting for the answer.
    func tapHold(attempt chosen: AttemptID? = nil) async throws -> (
        offer: Offer, attempt: AttemptID, key: IdempotencyKey
    ) {
        let offer = try await firstOffer()
        var (attempt, key) = Self.newAttempt()
        if let chosen { attempt = chosen }
        await flow.send(.offerChosen(offer))
        await flow.send(.holdTapped(attempt: attempt, key: key))
        return (offer, attempt, key)
    }

    /// Drives the flow to `held` on a fresh attempt (`attempt` when given);
    /// returns the attempt id.
    func holdAnOffer(attempt chosen: AttemptID? = nil) async throws -> AttemptID {
        let attempt = try await tapHold(attempt: chosen).attempt
        let state = await waitFor { $0.stage.kind == .held }
        try #require(state.stage.kind == .held, "expected held, got \(state.stage.name)")
        return attempt
    }

    /// Taps Retry (keep the room) on a fresh attempt and waits for the
    /// stage after it; returns the new attempt and its key.
    @discardableResult
    func retryOnANewAttempt() async -> (attempt: AttemptID, key: IdempotencyKey) {
        let (attempt, key) = Self.newAttempt()
        await flow.send(.retryTapped(attempt: attempt, key: key))
        _ = await waitFor { $0.stage.kind == .held || $0.stage.isFinal }
        return (attempt, key)
    }

    /// Holds an offer and pays it by card: the booking's trip, saved on the
    /// device (the test fails when it was not confirmed).
    func bookAnOffer(sourceLocation: SourceLocation = #_sourceLocation) async throws -> TripRepository.Trip {
        _ = try await holdAnOffer()
        #expect(await pay().stage.kind == .confirmed, sourceLocation: sourceLocation)
        return try #require(try await trips().trips().first, sourceLocation: sourceLocation)
    }

    /// Enters the sample guest, taps Pay with `card` and waits for the
    /// final stage.
    func pay(_ card: String = "tok_visa") async -> BookingFlow.State {
        await flow.send(.guestEntered(BookingFlow.Samples.guest))
        await flow.send(.payTapped(PaymentToken(card), now: .origin))
        return await waitForFinal()
    }

    /// Waits until the flow's state satisfies `condition`, or the current
    /// process dies (its flow then stops where it is); returns the state.
    /// Both are awaited as events (the store's states, the death itself),
    /// never polled against the clock.
    func waitFor(_ condition: @escaping @Sendable (BookingFlow.State) -> Bool) async -> BookingFlow.State {
        let (flow, death) = (self.flow, self.death)
        let reached = await withTaskGroup(of: BookingFlow.State?.self) { group in
            group.addTask { await flow.firstState(where: condition) }
            group.addTask {
                await death.died()
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
        if let reached { return reached }
        return await flow.state
    }

    /// Waits until the flow reaches a final stage.
    func waitForFinal() async -> BookingFlow.State {
        await waitFor { $0.stage.isFinal }
    }

    /// The sandbox's ledger for the test account.
    func ledger() async throws -> LedgerReport {
        try await api.sandboxLedger()
    }

    /// Asserts the promise: no idempotency key and no hold was charged twice.
    func expectNoDoubleCharge(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let ledger = try await ledger()
        #expect(ledger.chargesByIdempotencyKey.values.allSatisfy { $0 == 1 }, sourceLocation: sourceLocation)
        #expect(ledger.chargesByHold.values.allSatisfy { $0 == 1 }, sourceLocation: sourceLocation)
    }
}

/// Records the 3-D Secure pages the runner opened.
final class ChallengeRecorder: Sendable {
    private let opened = Watched<[String]>([])

    func record(_ id: AttemptID, _ url: String) {
        opened.change { $0.append(url) }
    }

    var urls: [String] { opened.value }

    /// Returns once the runner has opened a page (at once if it has).
    func firstOpened() async {
        await opened.wait { !$0.isEmpty }
    }
}

/// Simulated process death at the N-th effect boundary: from then on no
/// effect runs and no result is delivered.
final class ProcessDeath: Sendable {
    private struct Life {
        var count = 0
        var dead = false
        var killAt: Int?
        var killAtBoundary: String?
        var boundaries: [EffectRunner.Boundary] = []
    }

    private let life = Watched(Life())

    /// Die at this boundary (1-based); nil: never.
    var killAt: Int? {
        get { life.value.killAt }
        set { life.change { $0.killAt = newValue } }
    }

    /// Die at the first boundary with this description (`before pay`); nil: never.
    var killAtBoundary: String? {
        get { life.value.killAtBoundary }
        set { life.change { $0.killAtBoundary = newValue } }
    }

    /// Whether the process is still alive at `boundary`.
    func pass(_ boundary: EffectRunner.Boundary) -> Bool {
        life.change { life in
            if life.dead { return false }
            life.count += 1
            life.boundaries.append(boundary)
            if let target = life.killAt, life.count >= target { life.dead = true }
            if let name = life.killAtBoundary, boundary.description == name { life.dead = true }
            return !life.dead
        }
    }

    var isDead: Bool { life.value.dead }
    var seen: [EffectRunner.Boundary] { life.value.boundaries }

    /// Returns once the process has died (at once if it has).
    func died() async {
        await life.wait { $0.dead }
    }

    /// The old process is gone for good: nothing of it runs again.
    func revive() { life.change { $0.dead = true } }
}
