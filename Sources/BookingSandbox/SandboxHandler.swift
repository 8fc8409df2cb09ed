import BookingHTTPServer
import BookingPrimitives
import BookingSQLite
import Foundation

/// The sandbox server's request handler: the REST contract over its own
/// SQLite database, with fault injection. Request in, response out; the
/// socket listener and in-process transports both call it.
///
/// See `Schema/api/openapi.yaml` for every endpoint, body and error code.
public final class SandboxHandler: HTTPHandler {
    /// The settings it runs with.
    public let configuration: SandboxConfiguration
    let database: SandboxDatabase
    let inventory: Inventory
    /// Where ids, vouchers and 3-D Secure tokens come from (random unless `idSeed` is set).
    let ids: IdentifierSource
    let injector: FaultInjector
    /// Which payment method kinds take payments.
    let paymentMethodSwitch: PaymentMethodSwitch
    /// The server's view of how payments end, per kind.
    let paymentMethodStats: PaymentMethodStats
    /// The rollout groups clients name, counted apart (and paused apart).
    let cohorts: Cohorts
    /// Pauses a kind when too many of its bookings were looked up after their POST; nil when not started with one.
    let guardrail: Guardrail?
    /// The address the socket listener was configured with, accepted as a
    /// `Host` beside the loopback names (`SandboxServer` sets it before it
    /// starts; nil for a handler called in-process or behind another listener).
    let listenHost = Locked<String?>(nil)
    private let knownAccounts = Locked(Set<String>())
    /// Wakes `GET /v1/events` after every other request (any may change a booking).
    let changes = ChangeSignal()

    /// Why a sandbox could not start.
    public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
        /// What is wrong.
        public let description: String
    }

    /// Opens (creating if needed) the database and builds the inventory.
    ///
    /// - Throws: `ConfigurationError` for bad settings, `SQLiteError` or
    ///   `MigrationError` when the database cannot be opened or migrated.
    public init(configuration: SandboxConfiguration) throws {
        if let problem = configuration.validationProblem() { throw ConfigurationError(description: problem) }
        self.configuration = configuration
        self.database = try SandboxDatabase(path: configuration.databasePath)
        self.inventory = Inventory(seed: configuration.inventorySeed)
        self.ids = IdentifierSource(seed: configuration.idSeed)
        self.injector = FaultInjector(rates: configuration.faultRates, seed: configuration.faultSeed)
        let paymentMethodSwitch = PaymentMethodSwitch(
            off: configuration.disabledPaymentMethods, now: configuration.clock.now())
        self.paymentMethodSwitch = paymentMethodSwitch
        let stats = PaymentMethodStats(window: configuration.guardrail?.window ?? 20)
        self.paymentMethodStats = stats
        let cohorts = Cohorts(window: configuration.guardrail?.window ?? 20)
        self.cohorts = cohorts
        self.guardrail = configuration.guardrail.map {
            Guardrail($0, switch: paymentMethodSwitch, stats: stats, cohorts: cohorts)
        }
    }

    var now: Int64 { configuration.clock.now() }

    /// Handles one request. Never throws and never crashes on bad input:
    /// every problem is a JSON error response (an HTML page for the pages
    /// outside `/v1/`: the dashboard, the OpenAPI document, the 3-D Secure page).
    /// Like the pages, the API answers only under a loopback `Host` or the
    /// listener's own address (421 MISDIRECTED_REQUEST otherwise, nothing run).
    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        if WebRoute.owns(request.path) {
            defer { changes.fire() }  // the 3-D Secure page's answer moves a booking
            return await handlePage(request)
        }
        guard origin(of: request) != nil else {
            return APIError(
                status: 421, code: "MISDIRECTED_REQUEST",
                message:
                    "The sandbox answers only under 127.0.0.1, localhost or [::1]; this request named another host."
            ).response
        }
        let route: Route
        switch Route.match(method: request.method, path: request.path) {
        case .success(let matched): route = matched
        case .failure(.notFound): return APIError.notFound("The path").response
        case .failure(.methodNotAllowed(let allow)):
            var error = APIError(status: 405, code: "METHOD_NOT_ALLOWED", message: "Use \(allow) for this path.")
            error.headers["Allow"] = allow
            return error.response
        }
        do {
            let account = try authenticate(request)
            var faults = try requestFaults(request)
            if !route.isSandboxInstrument {
                let drawn = injector.draw()
                faults.faults += drawn
                if !drawn.isEmpty { faults.drawnHeader = drawn.map(\.description).joined(separator: ", ") }
            } else {
                faults.faults = []
            }
            defer { if route != .events { changes.fire() } }
            var response = try await dispatch(route, request: request, account: account, faults: faults)
            if let drawn = faults.drawnHeader, response.disposition == .answer {
                response.headers["Sandbox-Fault-Injected"] = drawn
            }
            return response
        } catch let error as APIError {
            return error.response
        } catch {
            return APIError.internalError.response
        }
    }

    private func dispatch(_ route: Route, request: HTTPRequest, account: String, faults: FaultSet) async throws
        -> HTTPResponse
    {
        if faults.contains(.unauthenticated) {
            // A credential no longer accepted: refused before anything runs.
            var error = APIError(
                status: 401, code: "UNAUTHENTICATED", message: "The key is no longer accepted; sign in again.")
            error.headers["WWW-Authenticate"] = "Bearer"
            return error.response
        }
        if faults.contains(.rateLimit) || faults.contains(.unavailable) {
            let error = waitAnswer(rateLimited: faults.contains(.rateLimit))
            var response = error.response
            if route.isIdempotentPost {
                response.headers[Self.lifetimeHeader] = String(configuration.idempotencyKeyLifetimeSeconds)
            }
            return response
        }
        switch route {
        case .suggestPlaces: return try await suggestPlaces(request, faults: faults)
        case .offers: return try await offers(request, account: account, faults: faults)
        case .offerPins: return try await offerPins(request, faults: faults)
        case .createHold: return try await createHold(request, account: account, faults: faults)
        case .liveHolds: return try await liveHolds(request, account: account, faults: faults)
        case .hold(let id): return try await readHold(id: id, request: request, account: account, faults: faults)
        case .extendHold(let id):
            return try await extendHold(id: id, request: request, account: account, faults: faults)
        case .releaseHold(let id):
            return try await releaseHold(id: id, request: request, account: account, faults: faults)
        case .applyCoupon(let id):
            return try await applyCoupon(id: id, request: request, account: account, faults: faults)
        case .createBooking: return try await createBooking(request, account: account, faults: faults)
        case .closeBookingKey: return try await closeBookingKey(request, account: account, faults: faults)
        case .listBookings: return try await listBookings(request, account: account, faults: faults)
        case .booking(let id): return try await readBooking(id: id, request: request, account: account, faults: faults)
        case .cancelBooking(let id):
            return try await cancelBooking(id: id, request: request, account: account, faults: faults)
        case .quoteCancellation(let id):
            return try await quoteCancellation(id: id, request: request, account: account, faults: faults)
        case .quoteModification(let id):
            return try await quoteModification(id: id, request: request, account: account, faults: faults)
        case .modifyBooking(let id):
            return try await modifyBooking(id: id, request: request, account: account, faults: faults)
        case .abandonBooking(let id):
            return try await abandonBooking(id: id, request: request, account: account, faults: faults)
        case .challenge(let id): return try await completeChallenge(bookingId: id, request: request, account: account)
        case .ledger: return try await ledger(request, account: account)
        case .config: return try config(request)
        case .paymentMethods: return try await paymentMethods(request, faults: faults)
        case .setPaymentMethod: return try setPaymentMethod(request)
        case .events: return try await events(request, account: account, faults: faults)
        }
    }

    /// The sandbox's origin as `request` names it, or nil when it names
    /// another host (see `SandboxOrigin`).
    func origin(of request: HTTPRequest) -> SandboxOrigin? {
        SandboxOrigin(request, listenHost: listenHost.withLock { $0 })
    }

    // MARK: Accounts and faults

    /// The account named by `Authorization: Bearer sk_test_<name>`, created on first use.
    func authenticate(_ request: HTTPRequest) throws -> String {
        var error = APIError(
            status: 401, code: "UNAUTHENTICATED", message: "Send Authorization: Bearer sk_test_<account>.")
        error.headers["WWW-Authenticate"] = "Bearer"
        guard let header = request.headers["Authorization"] else { throw error }
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", parts[1].hasPrefix("sk_test_") else { throw error }
        let name = parts[1].dropFirst("sk_test_".count)
        guard Identifier.isValidAccountName(name) else { throw error }
        let account = String(name)
        if knownAccounts.withLock({ $0.contains(account) }) { return account }
        let now = self.now
        try database.transaction { db in
            try db.run(
                "INSERT OR IGNORE INTO account (name, created_at_ms) VALUES (?, ?)", [.text(account), .integer(now)])
        }
        knownAccounts.withLock { _ = $0.insert(account) }
        return account
    }

    private func requestFaults(_ request: HTTPRequest) throws -> FaultSet {
        guard let header = request.headers["Sandbox-Fault"] else { return FaultSet(faults: []) }
        guard header.utf8.count <= 256, let faults = SandboxFault.parseList(header) else {
            throw APIError(
                status: 400, code: "INVALID_FAULT",
                message:
                    "Sandbox-Fault must list faults from: \(SandboxFault.simpleCases.map(\.description).joined(separator: ", ")), delay-ms=<0...\(SandboxFault.maximumDelayMilliseconds)>."
            )
        }
        return FaultSet(faults: faults)
    }

    /// Waits for the delay faults (a cancelled task stops waiting early).
    func applyDelay(_ faults: FaultSet) async {
        let milliseconds = faults.delayMilliseconds
        guard milliseconds > 0 else { return }
        try? await Task.sleep(for: .milliseconds(milliseconds))
    }

    /// The header that publishes the idempotency-key lifetime, in seconds.
    static let lifetimeHeader = "Idempotency-Key-Lifetime"
}
