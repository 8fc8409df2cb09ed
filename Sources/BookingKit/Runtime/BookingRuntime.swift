import BookingAPI
import BookingCore
import Foundation

/// The client's runtime in one place: the repository over `booking.sqlite`,
/// the effect runner, the flow store and its event log. What an app (or the
/// CLI) makes once at launch. Apps use `BookingClient`, which builds one.
package final class BookingRuntime: Sendable {
    /// The API client.
    package let api: BookingAPIClient
    /// The attempts and payments.
    package let repository: BookingRepository
    /// The effect runner.
    package let runner: EffectRunner
    /// The booking flow.
    package let flow: FlowStore
    /// The client's connection to the cache (a restored hold's price); nil
    /// opens the directory's when asked.
    let cache: SharedCache?
    /// The event log, if kept.
    package let log: EventLog?
    /// Why the event log asked for could not be opened, if it could not (the
    /// flow runs without one; the command line says so on stderr).
    package let logFailure: String?
    /// The hold clock's reading: the one clock the runner and every
    /// `payTapped` must share, so hold checks compare readings of one clock.
    package var holdNow: @Sendable () -> MonotonicInstant { dependencies.holdNow }
    private let dependencies: Dependencies
    private let directory: String

    /// Builds the runtime over the data directory.
    ///
    /// - Parameters:
    ///   - dependencies: the clocks, ids and sleeper every part of it reads
    ///     (a test's boot reading stands for another boot).
    ///   - logPath: where to keep the flow's event log; nil for none.
    ///   - logHandler: where failures are logged (nothing by default).
    ///   - cohort: the rollout group its event log names.
    package init(
        directory: String, api: BookingAPIClient, configuration: RepositoryConfiguration = RepositoryConfiguration(),
        dependencies: Dependencies = .live, openChallenge: @escaping EffectRunner.ChallengeOpener = { _, _ in },
        logPath: String? = nil, logHandler: any LogHandler = SilentLogHandler(),
        boundaryHook: EffectRunner.BoundaryHook? = nil, cache: SharedCache? = nil,
        connection: BookingConnection? = nil, cohort: String? = nil
    ) throws {
        self.cache = cache
        self.api = api
        self.directory = directory
        self.dependencies = dependencies
        repository = try BookingRepository(
            directory: directory, api: api, configuration: configuration, dependencies: dependencies,
            logHandler: logHandler, connection: connection)
        runner = EffectRunner(
            repository: repository, dependencies: dependencies, openChallenge: openChallenge,
            boundaryHook: boundaryHook)
        // A log that cannot be written never blocks settling money: said
        // (an error to the log handler) and the flow goes on without it.
        do {
            log = try logPath.map {
                try EventLog(path: $0, dependencies: dependencies, logHandler: logHandler, cohort: cohort)
            }
            logFailure = nil
        } catch {
            Logger(handler: logHandler, source: "runtime").error(
                "cannot write the event log; the flow goes on without it", error: error)
            log = nil
            logFailure = "\(error)"
        }
        flow = FlowStore(runner: runner, log: log, logHandler: logHandler)
    }

    /// At launch: hands the latest attempt that is not final to the flow, which
    /// goes to the state its saved phase calls for (never back to an editable
    /// state once money may have moved) and asks the server.
    @discardableResult
    package func restore() async throws -> BookingFlow.State {
        // The hold clock first, then the boot clock: the countdown shown
        // never has more time than the saved anchor leaves.
        let now = dependencies.holdNow()
        let reading = dependencies.bootReading()
        let directory = self.directory
        let record = try await repository.attemptToRestore()
        let cache = self.cache
        let hold = record.flatMap {
            HoldRestorer.restoredHold($0, directory: directory, cache: cache, now: now, reading: reading)
        }
        return await flow.send(.restored(record, hold: hold))
    }
}
