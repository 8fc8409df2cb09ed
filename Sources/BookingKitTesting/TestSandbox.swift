import BookingAPI
import BookingKit
import BookingPrimitives
import BookingSandbox
import Foundation

/// The sandbox server inside an app's test process, with clients that reach
/// it without a socket: an app's own tests book, pay, decline, lose answers
/// and let holds run out against the reference server, in no real time.
///
/// ```swift
/// let sandbox = try TestSandbox()
/// let client = try sandbox.client()
/// await client.launch()
/// sandbox.transport.inject(.init("POST", "/v1/bookings", fault: .dropResponseAfterCommit))
/// try await client.hold(offer)
/// _ = try await client.pay(with: PaymentToken("tok_visa"), guest: guest)
/// #expect(try await sandbox.charges() == 1)  // the lost answer charged once
/// ```
///
/// Each sandbox has its own database in a new temporary directory, removed
/// when the sandbox is released, and a clock that moves only when the test
/// moves it (`advance(by:)`), so a hold runs out exactly when a test says.
/// A client made by `client(account:)` waits out its retries at once (a
/// `Retry-After` too), so a test never sleeps.
public final class TestSandbox: Sendable {
    /// What a sandbox call failed with: the request, and why.
    public struct Failure: Error, CustomStringConvertible {
        /// The reason, in words.
        public let description: String
    }

    /// One movement of money in the sandbox's ledger.
    public struct LedgerEntry: Sendable, Equatable {
        /// A charge, or a refund.
        public enum Kind: String, Sendable {
            /// Money taken for a booking.
            case charge
            /// Money given back for a cancellation or a change of dates.
            case refund
        }

        /// What moved.
        public let kind: Kind
        /// The booking it moved for.
        public let bookingID: BookingID
        /// How much.
        public let amount: Money
    }

    /// The address clients are given. Nothing listens there: the
    /// transport hands each request to the sandbox in this process.
    public static let server = "http://127.0.0.1:1"

    /// The temporary directory: the sandbox's database, and each client's
    /// data directory under `clients/`.
    public let directory: URL
    /// The sandbox's clock, moved only by `advance(by:)`.
    public let clock: SandboxManualClock
    /// The server.
    public let handler: SandboxHandler
    /// The transport every client of this sandbox uses: plan faults on it
    /// (`inject(_:)`) and read the requests sent (`requests`).
    public let transport: FaultInjectingTransport
    private let clients = Locked(0)

    /// Starts a sandbox. `configure` may change its configuration first
    /// (hold time, faults at random, payment methods switched off); the
    /// database and the clock are the sandbox's own.
    public init(configure: (inout SandboxConfiguration) -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("booking-test-sandbox-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        clock = SandboxManualClock()
        var configuration = SandboxConfiguration(
            databasePath: directory.appendingPathComponent("sandbox.sqlite").path)
        configure(&configuration)
        configuration.databasePath = directory.appendingPathComponent("sandbox.sqlite").path
        configuration.clock = .manual(clock)
        handler = try SandboxHandler(configuration: configuration)
        transport = FaultInjectingTransport(InProcessTransport(sandbox: handler))
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A configuration for a client of `account` on this sandbox, its data
    /// directory `dataDirectory` (a new one under `directory` by default).
    /// Change what the test needs, then pass it to `client(_:)`.
    public func configuration(account: String = "test", dataDirectory: URL? = nil) -> BookingClient.Configuration {
        let number = clients.withLock { count in
            count += 1
            return count
        }
        let data = dataDirectory ?? directory.appendingPathComponent("clients/\(account)-\(number)")
        return BookingClient.Configuration(
            server: Self.server, credential: .apiKey("sk_test_\(account)"), dataDirectory: data, transport: transport)
    }

    /// A client of `account` on this sandbox, with a data directory of its
    /// own (`configuration(account:)`).
    public func client(account: String = "test") throws(BookingClientError) -> BookingClient {
        try client(configuration(account: account))
    }

    /// A client with `configuration`, whose retries and `Retry-After` waits
    /// end at once (a wait longer than two minutes never ends on its own).
    /// Another data directory of the same account is the account's other
    /// device; the same data directory is the same device after a relaunch.
    public func client(_ configuration: BookingClient.Configuration) throws(BookingClientError) -> BookingClient {
        try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
    }

    /// Moves the sandbox's clock on: holds and quotes run out, idempotency
    /// keys age. The client's own countdown reads the device's monotonic
    /// clock and learns the hold's end from the server's next answer.
    public func advance(by duration: Duration) {
        clock.advance(
            milliseconds: Int64(duration.components.seconds) * 1000
                + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// The ledger of `account`: every charge and refund, in order.
    public func ledger(account: String = "test") async throws -> [LedgerEntry] {
        let report: LedgerReport
        do {
            report = try await api(account).sandboxLedger()
        } catch {
            throw Failure(description: "the sandbox's ledger could not be read: \(error)")
        }
        return report.entries.map {
            LedgerEntry(
                kind: $0.kind == "refund" ? .refund : .charge, bookingID: BookingID($0.bookingId), amount: $0.amount)
        }
    }

    /// How many charges `account` has had: 1 for one booking paid, however
    /// many times its payment was sent.
    public func charges(account: String = "test") async throws -> Int {
        try await ledger(account: account).filter { $0.kind == .charge }.count
    }

    /// Answers the 3-D Secure page of `booking` as the traveller would at
    /// the bank: passed or failed. The payment waiting on it then settles;
    /// the app learns it when it comes back (`returnedToApp()`, or the
    /// `BankPage` handler returning).
    public func answerBankPage(of booking: BookingID, pass: Bool, account: String = "test") async throws {
        do {
            try await api(account).completeChallenge(booking, pass: pass)
        } catch {
            throw Failure(description: "the bank's page of \(booking) could not be answered: \(error)")
        }
    }

    private func api(_ account: String) throws -> BookingAPIClient {
        BookingAPIClient(
            server: try ServerAddress(Self.server), apiKey: "sk_test_\(account)",
            transport: InProcessTransport(sandbox: handler), sleeper: NoSleeper())
    }
}
