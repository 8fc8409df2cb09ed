import BookingPrimitives
import BookingStore
import Foundation

/// BookingKit's one way in: built from one `Configuration`, it owns the
/// booking flow, the databases in the data directory and the API client.
///
/// ```swift
/// let client = try BookingClient(configuration)
/// let launch = await client.launch()      // the device's state at once
/// for await state in await client.states() { /* draw state.titleText, ... */ }
/// guard case .held = try await client.hold(offer) else { return }
/// switch try await client.pay(with: PaymentToken("tok_visa")) {
/// case .confirmed(let trip): show(trip)
/// default: break  // see PaymentResult
/// }
/// ```
///
/// `hold(_:)` and `pay(with:)` return once the server has answered
/// (`HoldResult`, `PaymentResult`). Actions stamp attempt ids, idempotency
/// keys and hold-clock readings inside; an action the current screen does
/// not offer throws `BookingClientError.actionUnavailable` instead of doing
/// nothing. Every throwing call throws `BookingClientError` (its
/// signature says so), except `bugReport(attempt:)`, which throws
/// `BugReportError`. Make one client
/// per data directory and keep it for the app's life; `close()` it at
/// sign-out.
public final class BookingClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: Configuration
    /// The server's validated address.
    package let server: ServerAddress
    /// The directory of this client's server and account: the data
    /// directory itself, or its space under `spaces/` (see
    /// `Configuration.dataDirectory`).
    public let directory: String
    /// The runtime: the repository, the effect runner and the flow.
    package let runtime: BookingRuntime
    /// The trips, opened on first use (a launch with no saved
    /// cancellation and no trip call never opens them).
    let tripStore = Locked<TripRepository?>(nil)
    let search: SearchRepository
    let logger: Logger
    /// The clocks, ids and waits the client was made with.
    package let dependencies: Dependencies
    /// The seams the client was made with.
    package let seams: Seams
    /// Saves what the flow's states say of offers, for later runs.
    let offerMarks: OfferMarks
    /// Set by `close()`: every call then throws `BookingClientError.closed`.
    let isClosed = Locked(false)
    /// Signs every request with the current credential.
    let signing: SigningTransport
    /// Open once `launch()` restored the saved attempt (see `states()`).
    let launchGate = LaunchGate()
    /// The platform's network watch, started at launch (`Seams.networkWatch`).
    let networkWatching = NetworkWatching()
    /// The server's payment-method switch, read at launch and before Pay.
    let paymentMethodSwitch: PaymentMethodSwitchReader
    /// The bank pages the flow opened, which a `BankPage` waits for.
    let openedBankPages = OpenedBankPages()
    /// When the app was last known in the foreground (launched, or back
    /// from the background), on the hold clock: what a foreground measures
    /// its gap from (`refreshAfterAGap()`).
    let lastForeground = Locked<MonotonicInstant?>(nil)
    /// The text and places of the last suggestions, for recording the
    /// search when one of the places is used.
    let lastSuggestions = Locked<(text: String, places: [String])?>(nil)
    /// The platform's permission to keep running, held while a payment, a
    /// cancellation or a change of dates is in flight.
    let backgroundHolds: BackgroundHolds
    /// Saves what the flow's states say of offers as they come, whoever
    /// follows them; cancelled with the client.
    private let markingTask: Task<Void, Never>

    /// Makes a client: checks the server address, makes the data directory
    /// if missing and checks it can be written, opens the databases. No
    /// network.
    ///
    /// - Throws: `BookingClientError.invalidServerAddress` or
    ///   `.dataDirectoryUnusable`; nothing on disk is changed by a refusal.
    public convenience init(_ configuration: Configuration) throws(BookingClientError) {
        try self.init(configuration, seams: .live)
    }

    /// The same, with the clocks, ids and waits of a test.
    package convenience init(_ configuration: Configuration, dependencies: Dependencies) throws(BookingClientError) {
        try self.init(configuration, seams: Seams(dependencies: dependencies))
    }

    /// The same, with the seams of the command line, the simulation or a
    /// test: the one place the runtime is put together.
    package init(_ configuration: Configuration, seams: Seams) throws(BookingClientError) {
        self.configuration = configuration
        self.seams = seams
        let dependencies = seams.dependencies
        self.dependencies = dependencies
        logger = Logger(handler: configuration.logHandler, source: "BookingKit")
        do {
            server = try ServerAddress(configuration.server)
        } catch {
            throw .invalidServerAddress(configuration.server, reason: error.description)
        }
        let root = configuration.dataDirectory.path
        try Self.prepare(directory: root)
        let directory: String
        do {
            directory = try DataSpaceDirectory.claim(
                configuration.dataSpace(on: server, serverName: seams.serverSpaceName),
                root: root)
        } catch {
            throw .dataDirectoryUnusable(path: root, reason: error.description)
        }
        self.directory = directory
        if directory != root { try Self.prepare(directory: directory) }
        let cohort = configuration.validCohort
        if configuration.cohort != nil && cohort == nil {
            logger.log(.warning, "the cohort is left out: 1 to 32 letters, digits, - or _")
        }
        let network = configuration.transport ?? Self.defaultTransport()
        let base = cohort.map { CohortTransport(base: network, cohort: $0) } ?? network
        // Signed with the current credential (`signedIn(_:)` replaces it).
        let signing = SigningTransport(base: base, credential: configuration.credential, logger: logger)
        self.signing = signing
        let transport: any Transport = signing
        let apiKey: String = if case .apiKey(let key) = configuration.credential { key } else { "" }
        do {
            // One connection to the cache for the client's life: the
            // Retry-After gate, the restore, the payment-method switch and
            // the search all use it (`SharedCache`).
            let cache = try SharedCache(directory: directory)
            let keyLifetime = SavedKeyLifetime(directory: directory, server: server, logger: logger)
            var api = BookingAPIClient(
                server: server, apiKey: apiKey, transport: transport, configuration: configuration.api,
                sleeper: seams.retrySleeper ?? dependencies.sleeper, wallClockSeconds: dependencies.wallClockSeconds,
                retryAfterMemory: CachedRetryAfterMemory(
                    directory: directory, server: server, sharing: cache,
                    nowUnixSeconds: dependencies.wallClockSeconds()),
                keyLifetimeMemory: keyLifetime)
            api.onRefusedAnswer = seams.refusedAnswer
            runtime = try BookingRuntime(
                directory: directory, api: api,
                configuration: RepositoryConfiguration(
                    reconcileConcurrency: seams.reconcileConcurrency,
                    inFlightGrace: RepositoryConfiguration.inFlightGrace(for: configuration.api),
                    challengeReturnURL: configuration.challengeReturnURL),
                dependencies: dependencies,
                openChallenge: { [openedBankPages] attempt, _ in openedBankPages.opened(attempt) },
                logPath: seams.eventLogPath ?? EventLogDirectory.startRun(configuration.flowLog, dependencies, logger),
                logHandler: configuration.logHandler,
                boundaryHook: seams.boundaryHook, cache: cache, connection: seams.bookingsConnection, cohort: cohort)
            keyLifetime.knowSaved(runtime.repository.keyLifetimeAtOpen)
            if let stepHandler = seams.stepHandler { runtime.flow.handSteps(to: stepHandler) }
            paymentMethodSwitch = PaymentMethodSwitchReader(
                api: api, cache: cache, dependencies: dependencies, logger: logger,
                bound: seams.paymentMethodsReadBound ?? PaymentMethodSwitchReader.readBound)
            search = try SearchRepository(
                cache: cache, api: api, dependencies: dependencies, debounce: configuration.suggestionDebounce,
                minimumQueryLength: configuration.suggestionMinimumLength,
                staleness: configuration.offerStaleness.inSeconds, logHandler: configuration.logHandler)
        } catch  where BookingDatabase.isStorageFull(error) {
            throw .storageFull(path: directory)
        } catch {
            throw .dataDirectoryUnusable(path: directory, reason: String(describing: error))
        }
        let marks = OfferMarks(search: search, logger: logger)
        offerMarks = marks
        let flow = runtime.flow
        let sessions = SessionMetricsTracker(
            handler: configuration.metrics, cohort: cohort, now: dependencies.holdNow, logger: logger)
        let holds = BackgroundHolds(seams.backgroundActivity)
        backgroundHolds = holds
        markingTask = Task {
            for await numbered in await flow.numberedStates() {
                let state = numbered.state
                holds.record(state, revision: numbered.revision)
                sessions.record(state)
                await marks.record(state)
            }
        }
    }

    deinit {
        markingTask.cancel()
    }

    /// Makes `directory` if missing (`0700`), tightens an existing one to
    /// `0700`, refuses one that is itself a symbolic link, and proves it
    /// writable with a probe file: the one preparation of a data directory.
    package static func prepare(directory: String) throws(BookingClientError) {
        let files = FileManager.default
        do {
            try BookingDatabase.makeDataDirectory(atPath: directory)
        } catch {
            let readOnly = files.fileExists(atPath: directory) && !files.isWritableFile(atPath: directory)
            throw .dataDirectoryUnusable(path: directory, reason: readOnly ? "not writable" : "\(error)")
        }
        do {
            // One probe per process: several processes (a command, the
            // reconcile job, the viewer) prepare one directory at once, and a
            // shared name let one remove the other's probe under it.
            let name = ".bookingkit-write-probe-\(ProcessInfo.processInfo.processIdentifier)"
            let probe = (directory as NSString).appendingPathComponent(name)
            guard files.createFile(atPath: probe, contents: Data()) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            do {
                try files.removeItem(atPath: probe)
            } catch CocoaError.fileNoSuchFile {
                // Another client of this process removed it: the write was proven.
            }
        } catch {
            throw .dataDirectoryUnusable(path: directory, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteNoPermission { return "not writable" }
        return (error as NSError).localizedDescription
    }

    /// The trips' repository, opened the first time it is asked for.
    ///
    /// - Throws: what `TripRepository.init` throws (the runtime opened the
    ///   same file already, so this is rare: a disk that filled since).
    var trips: TripRepository {
        get throws {
            try tripStore.withLock { opened in
                if let opened { return opened }
                let settings = configuration.flowLog
                let dependencies = dependencies
                let appLogs: (@Sendable (String) -> String?)? = settings.map { settings in
                    { @Sendable flow in EventLogDirectory.newRunPath(settings, flow: flow, now: dependencies.now()) }
                }
                let runLogs = seams.flowRunLogPath ?? appLogs
                let trips = try TripRepository(
                    directory: self.directory, api: runtime.api, dependencies: dependencies,
                    logHandler: configuration.logHandler, runLogPath: runLogs)
                opened = trips
                return trips
            }
        }
    }

    /// The API client the flow talks through (the command line completes
    /// the sandbox's 3-D Secure page with it).
    package var api: BookingAPIClient { runtime.api }

    // MARK: State

    /// The flow's current state.
    public var state: BookingFlow.State {
        get async { await runtime.flow.state }
    }

    /// The flow's states from now on: the current one first, then each
    /// change. Any number of readers may follow at once.
    ///
    /// Asked for before `launch()`, the stream waits for the launch to put
    /// the saved attempt back: its first value is the restored state (a
    /// payment being checked, a room held), never the empty results list
    /// the flow starts from.
    public func states() async -> AsyncStream<BookingFlow.State> {
        if launchGate.isOpen { return await runtime.flow.states() }
        let gate = launchGate
        let flow = runtime.flow
        return AsyncStream { continuation in
            let task = Task {
                await gate.wait()
                for await state in await flow.states() { continuation.yield(state) }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The hold's seconds left in `state` by the client's hold clock,
    /// rounded up (0 only once the hold has ended); nil when nothing is
    /// held.
    public func secondsLeft(in state: BookingFlow.State) -> Int? {
        state.secondsLeft(at: runtime.holdNow())
    }
}
