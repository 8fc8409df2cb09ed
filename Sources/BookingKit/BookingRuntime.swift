import BookingAPI
import BookingCore
import Foundation

/// The client's runtime in one place: the repository over `booking.sqlite`,
/// the effect runner, the flow store and its event log. What an app (or the
/// CLI) makes once at launch. Apps use `BookingClient`, which builds one.
package final class BookingRuntime: Sendable {
    /// The API client.
    public let api: BookingAPIClient
    /// The attempts and payments.
    public let repository: BookingRepository
    /// The effect runner.
    public let runner: EffectRunner
    /// The booking flow.
    public let flow: FlowStore
    /// The event log, if kept.
    public let log: EventLog?
    /// The hold clock's reading: the one clock the runner and every
    /// `payTapped` must share, so hold checks compare readings of one clock.
    package let holdNow: @Sendable () -> MonotonicInstant
    private let bootReading: @Sendable () -> BootClock.Reading?
    private let directory: String

    /// Builds the runtime over the data directory.
    ///
    /// - Parameters:
    ///   - monotonicNow: the hold clock (default: `ContinuousClock`, counting through sleep).
    ///   - logPath: where to keep the flow's event log; nil for none.
    ///   - logHandler: where failures are logged (nothing by default).
    ///   - bootReading: the boot clock, for the saved hold anchors (a test's
    ///     reading stands for another boot).
    public init(
        directory: String, api: BookingAPIClient, configuration: RepositoryConfiguration = RepositoryConfiguration(),
        sleeper: any Sleeper = TaskSleeper(),
        monotonicNow: (@Sendable () -> MonotonicInstant)? = nil,
        openChallenge: @escaping EffectRunner.ChallengeOpener = { _, _ in },
        logPath: String? = nil, logHandler: any LogHandler = SilentLogHandler(),
        boundaryHook: EffectRunner.BoundaryHook? = nil,
        bootReading: @escaping @Sendable () -> BootClock.Reading? = { BootClock.current() }
    ) throws {
        self.api = api
        self.directory = directory
        self.bootReading = bootReading
        repository = try BookingRepository(
            directory: directory, api: api, configuration: configuration, logHandler: logHandler)
        let clock = HoldClock()
        let holdNow = monotonicNow ?? { clock.now() }
        self.holdNow = holdNow
        runner = EffectRunner(
            repository: repository, sleeper: sleeper, monotonicNow: holdNow, bootReading: bootReading,
            openChallenge: openChallenge, boundaryHook: boundaryHook)
        log = try logPath.map { try EventLog(path: $0, logHandler: logHandler) }
        flow = FlowStore(runner: runner, log: log)
    }

    /// At launch: hands the latest attempt that is not final to the flow, which
    /// goes to the state its saved phase calls for (never back to an editable
    /// state once money may have moved) and asks the server.
    @discardableResult
    public func restore() async throws -> BookingFlow.State {
        // The hold clock first, then the boot clock: the countdown shown
        // never has more time than the saved anchor leaves.
        let now = holdNow()
        let reading = bootReading()
        let directory = self.directory
        let record = try await repository.nonFinalAttempts().last
        let hold = record.flatMap { HoldRestorer.restoredHold($0, directory: directory, now: now, reading: reading) }
        return await flow.send(.restored(record, hold: hold))
    }
}
