import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import Primitives
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
    /// Set `killAt` to make the process "die" at that boundary (counted from 1).
    let death = ProcessDeath()

    init(
        route: SandboxFixture.Route, holdTTLMilliseconds: Int64 = 15 * 60 * 1000,
        configuration: RepositoryConfiguration = RepositoryConfiguration()
    ) throws {
        sandbox = try SandboxFixture(route: route, holdTTLMilliseconds: holdTTLMilliseconds)
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
        runtime = try Self.makeRuntime(
            sandbox: sandbox, api: api, sleeper: sleeper, configuration: configuration,
            challenges: challenges, death: ProcessDeath())
    }

    var repository: BookingRepository { runtime.repository }
    var flow: FlowStore { runtime.flow }

    /// The first offer in Lisbon for two nights, as the flow sees it.
    func firstOffer() async throws -> Offer { try await Harness.firstOffer(from: api) }

    /// The first offer in Lisbon for two nights that `api` lists, as the flow sees it.
    static func firstOffer(from api: BookingAPIClient) async throws -> Offer {
        let page = try await api.offers(
            placeID: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
            guests: 2)
        let listing = try #require(page.items.first)
        return try #require(Offer(listing: listing, quotedAt: Date(timeIntervalSince1970: 0)))
    }

    static func newAttempt() -> (attempt: AttemptID, key: IdempotencyKey) {
        (AttemptID(UUID().uuidString.lowercased()), IdempotencyKey(UUID().uuidString.lowercased()))
    }

    /// Drives the flow to `held` on a fresh attempt; returns the attempt id.
    func holdAnOffer() async throws -> AttemptID {
        let offer = try await firstOffer()
        let (attempt, key) = Self.newAttempt()
        await flow.send(.offerChosen(offer))
        await flow.send(.holdTapped(attempt: attempt, key: key))
        let state = await waitFor { $0.stage.name == "held" }
        try #require(state.stage.name == "held", "expected held, got \(state.stage.name)")
        return attempt
    }

    /// Waits (real time, bounded) until the flow's state satisfies `condition`.
    func waitFor(_ seconds: Int = 10, _ condition: @escaping @Sendable (BookingFlow.State) -> Bool) async
        -> BookingFlow.State
    {
        await Poll.until(timeout: .seconds(seconds)) { condition(await flow.state) || death.isDead }
        return await flow.state
    }

    /// Waits until the flow reaches a final stage.
    func waitForFinal(_ seconds: Int = 10) async -> BookingFlow.State {
        await waitFor(seconds) { $0.stage.isFinal }
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
    private let opened = Locked<[(AttemptID, String)]>([])

    func record(_ id: AttemptID, _ url: String) {
        opened.withLock { $0.append((id, url)) }
    }

    var urls: [String] { opened.withLock { $0.map(\.1) } }
}

/// Simulated process death at the N-th effect boundary: from then on no
/// effect runs and no result is delivered.
final class ProcessDeath: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var dead = false
    /// Die at this boundary (1-based); nil: never.
    var killAt: Int? {
        get { locked { target } }
        set { locked { target = newValue } }
    }
    private var target: Int?
    /// Die at the first boundary with this description (`before pay`); nil: never.
    var killAtBoundary: String? {
        get { locked { targetName } }
        set { locked { targetName = newValue } }
    }
    private var targetName: String?
    private(set) var boundaries: [EffectRunner.Boundary] = []

    /// Whether the process is still alive at `boundary`.
    func pass(_ boundary: EffectRunner.Boundary) -> Bool {
        locked {
            if dead { return false }
            count += 1
            boundaries.append(boundary)
            if let target, count >= target { dead = true }
            if let targetName, boundary.description == targetName { dead = true }
            return !dead
        }
    }

    var isDead: Bool { locked { dead } }
    var seen: [EffectRunner.Boundary] { locked { boundaries } }

    /// The old process is gone for good: nothing of it runs again.
    func revive() { locked { dead = true } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
