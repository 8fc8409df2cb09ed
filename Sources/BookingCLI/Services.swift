import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// What a command that talks to the server gets: one `BookingClient` over
/// the data directory (to the given server, or to the embedded sandbox
/// started here), the way an app gets one. The CLI composes nothing of the
/// runtime itself.
package final class Services: Sendable {
    /// The settings.
    package let settings: Settings
    /// The console.
    package let console: Console
    /// The embedded sandbox, when no server was given.
    package let embedded: EmbeddedSandbox?
    /// The server's address.
    package let server: ServerAddress
    /// The directory of this server and account's data: the data
    /// directory, or its space under `spaces/` (`Settings.dataSpace`).
    package let directory: String
    /// Set once a request of this run never left (the device is offline).
    package let offline = Flag()
    /// Why a request of this run never left when not the network (a certificate, no address).
    package let refused = FirstRecorded<TransportError>()
    /// Why an answer of this run was refused as untrustworthy, if one was.
    package let refusedAnswer = FirstRecorded<String>()
    /// Where BookingKit logs: stderr when `BOOKING_LOG` is set, else nowhere.
    package let logHandler: any LogHandler
    /// The client: the flow, the databases and the API, built once.
    package let client: BookingClient
    /// The lock check's connection, open as long as the client's: see `DataDirectoryLockCheck`.
    private let lockCheck: DataDirectoryLockCheck

    /// How much a launch may spend settling what earlier runs left open.
    package static let launchBound: Duration = .seconds(3)

    /// How the API client talks to the server.
    package enum Pace: Sendable {
        /// Retries and timeouts of an app's actions.
        case patient
        /// One try, a one-second read timeout: best-effort work at launch
        /// (the offline viewer's refresh), where a server that is down must
        /// answer "not reachable" at once, never holding up the device's copy.
        case quick
    }

    /// Opens the data directory and, when no server is given, starts the
    /// embedded sandbox in `<data-dir>/sandbox/`.
    ///
    /// - Parameters:
    ///   - eventLog: the command whose flow is logged to a new event log in
    ///     `<data-dir>/logs/`; nil keeps none.
    ///   - pace: how the API client talks to the server.
    ///   - wrapTransport: wraps the HTTP transport (the demo injects a fault header).
    ///   - holdTTLMilliseconds: the embedded sandbox's hold TTL (the demo's is short).
    package init(
        settings: Settings, console: Console, environment: [String: String], eventLog: String? = nil,
        pace: Pace = .patient, wrapTransport: (any Transport) -> any Transport = { $0 },
        holdTTLMilliseconds: Int64? = nil
    ) throws(CommandFailure) {
        self.settings = settings
        self.console = console
        let logHandler = StandardErrorLogHandler.from(environment: environment, console: console)
        self.logHandler = logHandler
        try Self.makeDirectory(settings.dataDirectory)
        let directory = try settings.claimedSpaceDirectory(console: console)
        self.directory = directory
        do throws(DataDirectoryLockCheck.Refusal) {
            lockCheck = try DataDirectoryLockCheck(directory: directory)
        } catch {
            switch error {
            case .unusable(let reason): throw .rejected("cannot use the data directory \(directory): \(reason)")
            case .locked: throw .failed(Self.lockedMessage(directory))
            }
        }
        if let given = settings.server {
            embedded = nil
            server = given
        } else {
            do {
                let sandbox = try EmbeddedSandbox(
                    directory: (settings.dataDirectory as NSString).appendingPathComponent("sandbox"),
                    holdTTLMilliseconds: holdTTLMilliseconds)
                embedded = sandbox
                server = sandbox.address
            } catch {
                let message = "cannot start the embedded sandbox in \(settings.dataDirectory)/sandbox: \(error)"
                throw Self.isUnusableFile(error) ? .rejected(message) : .failed(message)
            }
        }
        var configuration = BookingClient.Configuration(
            server: server.description, credential: .apiKey(settings.apiKey),
            dataDirectory: URL(fileURLWithPath: settings.dataDirectory),
            transport: wrapTransport(
                OfflineNoticingTransport(base: BookingClient.defaultTransport(), offline: offline, refused: refused)),
            logHandler: logHandler, launchBound: Self.launchBound,
            challengeReturnURL: Self.challengeReturnURL(settings),
            api: pace == .quick
                ? APIConfiguration(policy: OutcomePolicy(maxAttempts: 1), readTimeout: .seconds(1))
                : APIConfiguration(),
            // One query per command: nothing to wait for.
            suggestionDebounce: .zero, account: settings.account)
        configuration.cohort = settings.cohort
        var seams = BookingClient.Seams(
            eventLogPath: eventLog.map { EventLogFiles.newPath(in: directory, command: $0) },
            boundaryHook: CrashHook.hook(environment: environment),
            cancelBoundaryHook: CrashHook.tripChangeHook(environment: environment))
        seams.modifyBoundaryHook = CrashHook.tripChangeHook(environment: environment)
        // The lock check's connection is the runtime's: one open of booking.sqlite.
        seams.bookingsConnection = lockCheck.handOver()
        // Each cancellation and change of dates keeps a log of its own run.
        seams.flowRunLogPath = { flow in EventLogFiles.newPath(in: directory, command: flow) }
        seams.serverSpaceName = settings.dataSpace.server
        // Said at once: the flow's words ("Checking your payment") do not
        // say that an answer came and was refused, nor why.
        let refusedAnswer = self.refusedAnswer
        seams.refusedAnswer = { reason in
            refusedAnswer.record(reason)
            console.note(
                "booking: refused the server's answer (\(reason.terminalSafe)); what it answered is asked again")
        }
        do {
            client = try BookingClient(configuration, seams: seams)
            // A log that cannot be written never blocks settling money.
            if let failure = client.runtime.logFailure {
                console.note("booking: \(failure.terminalSafe); going on without this run's event log")
            }
        } catch .storageFull {
            // Nothing was saved, so nothing was sent: say what to do, not "cannot open".
            throw .failed("\(BookingFlow.storageFullMessage) (cannot open the bookings in \(directory))")
        } catch {
            throw .failed("\(error)")
        }
        // The library found the same space as the command's logs and lock check.
        guard client.directory == directory else {
            throw .failed("the data space \(client.directory) is not the command's \(directory)")
        }
    }

    /// Stops the embedded sandbox, if one was started (a request in flight
    /// is cut, as the process's exit would): what the run opened closes
    /// with it.
    package func close() async {
        await embedded?.stop()
    }

    /// Whether the server is a sandbox (embedded, or on this machine): its
    /// 3-D Secure challenges can be completed by the CLI.
    package var isSandbox: Bool {
        embedded != nil || ServerAddress.isLoopback(server.baseURL.host ?? "")
    }

    /// The link the bank's page sends the browser back to: `booking open`
    /// takes it (the link host's 3-D Secure return route).
    static func challengeReturnURL(_ settings: Settings) -> String {
        "https://\(settings.linkHost)/bookings/{bookingId}/3ds-return"
    }

    /// Prepares the data directory (`0700`, a symbolic link refused) the
    /// way the client does, for the commands that read it with no client.
    static func makeDirectory(_ path: String) throws(CommandFailure) {
        do {
            try BookingDiagnostics.makeDataDirectory(atPath: path)
        } catch {
            let message = "cannot use the data directory \(path): \(error)"
            throw isUnusableFile(error) ? .rejected(message) : .failed(message)
        }
    }

    /// The words for a `booking.sqlite` another process keeps locked.
    static func lockedMessage(_ directory: String) -> String {
        "the bookings in \(directory) are locked by another `booking` run (or another program holding "
            + "booking.sqlite for writing); nothing was changed or sent. Try again once it has finished"
    }

    /// Whether `error` says a file or directory given is not one to use.
    static func isUnusableFile(_ error: any Error) -> Bool {
        BookingDiagnostics.isUnusableFile(error)
    }

    /// Settles what earlier runs left open, as every launch does: bounded,
    /// and quiet unless it settled something (then one line on stderr, so
    /// stdout stays the command's own output).
    package func settleAtLaunch() async {
        guard let settled = await client.settleOpenWork(within: Self.launchBound) else { return }
        if let cancels = settled.cancellations, cancels.settledAnything {
            console.note("booking: settled at launch: \(cancels)")
        }
        if let attempts = settled.attempts, attempts.settledAnything {
            console.note("booking: settled at launch: \(attempts)")
        }
    }
}
