import BookingAPI
import BookingPrimitives
import BookingStore
import Foundation

/// Reads the server's payment-method switch for a client, keeps the last
/// value in memory and in `cache.sqlite` (written only when it changed),
/// and never waits for the server longer than `readBound`: a switch that
/// cannot be read in time, a malformed document or one from another origin
/// keeps the last value (saved, or the never-heard defaults), with one log
/// line saying why and how old that value is.
package final class PaymentMethodSwitchReader: Sendable {
    /// The longest a read makes a launch or a payment wait.
    package static let readBound: Duration = .seconds(2)
    /// How old a read may be and still be used without a new one, when the
    /// client's configuration does not say (`paymentMethodsMaxAge`).
    package static let maxAge: Duration = .seconds(5 * 60)

    private let api: BookingAPIClient
    /// The client's connection to the cache: the switch is read from it at
    /// start and saved through it.
    private let cache: SharedCache
    private let server: String
    private let dependencies: Dependencies
    private let logger: Logger
    /// How long `refresh` waits for the server (`readBound` but in tests).
    private let bound: Duration
    private let state: Locked<(value: PaymentMethods, checkedAt: Date?)>
    /// The read under way, if any, with its generation.
    private let reading = Locked<(generation: Int, task: Task<Void, Never>)?>(nil)

    /// A reader for `api`'s server, starting from what the cache saved, read
    /// and saved through `cache` (the client's own connection to it),
    /// waiting at most `bound` for the server.
    init(
        api: BookingAPIClient, cache: SharedCache, dependencies: Dependencies,
        logger: Logger, bound: Duration = readBound
    ) {
        self.bound = bound
        self.api = api
        self.cache = cache
        server = api.server.description
        self.dependencies = dependencies
        self.logger = logger.named("payment-methods")
        let (saved, checkedAt) = Self.saved(in: cache, server: api.server.description, logger: self.logger)
        state = Locked((saved, checkedAt))
    }

    /// The value known now (no network).
    package var current: PaymentMethods { state.withLock { $0.value } }

    /// Reads the switch from the server, waiting at most the reader's
    /// bound (`readBound`), or `within` when shorter, unless `ifOlderThan`
    /// is given and the last successful read (this process's, or one an
    /// earlier process saved) is more recent by the wall clock (a clock set
    /// back makes it stale, never fresh). A read already under way is joined, never doubled. A read
    /// that outlasts the bound goes on, and its answer is taken when it
    /// lands (for the next Pay). Returns the value known when the wait ends.
    @discardableResult
    package func refresh(ifOlderThan freshness: Duration? = nil, within limit: Duration? = nil) async
        -> PaymentMethods
    {
        let bound = min(limit ?? self.bound, self.bound)
        let now = dependencies.now()
        if let freshness, let checked = state.withLock({ $0.checkedAt }) {
            let age = now.timeIntervalSince(checked)
            if age >= 0, age < TimeInterval(freshness.components.seconds) { return current }
        }
        let read = reading.withLock { reading -> Task<Void, Never> in
            if let under = reading?.task { return under }
            let generation = (reading?.generation ?? 0) + 1
            // The task clears itself under the same lock, so never before it is stored.
            let task = Task {
                await self.read()
                self.reading.withLock { if $0?.generation == generation { $0 = nil } }
            }
            reading = (generation, task)
            return task
        }
        // Real time, as the launch's bound: how long the user may wait.
        if await TimeLimit.run(bound, { await read.value }) == nil {
            keep(because: "no answer within \(bound)", at: now)
        }
        return current
    }

    /// One GET of the switch, its answer taken or its failure logged.
    private func read() async {
        do {
            take(try await api.paymentMethods(), at: dependencies.now())
        } catch {
            keep(because: "\(error)", at: dependencies.now())
        }
    }

    /// Marks `kind` off with `reason` (the server refused a payment with it:
    /// its switch changed since the last read), saving it.
    package func refused(_ kind: PaymentMethodKind, reason: String?) {
        let now = dependencies.now()
        let value = state.withLock { state -> PaymentMethods in
            var off = state.value.off
            off[kind] = reason ?? off[kind] ?? PaymentMethods.switchedOffReason
            state.value = PaymentMethods(off: off, source: .server, readAt: now, changedAt: state.value.changedAt)
            return state.value
        }
        save(value, checkedAt: nil)
    }

    @discardableResult
    private func take(_ snapshot: PaymentMethodsSnapshot, at now: Date) -> PaymentMethods {
        let changedAt = Date(timeIntervalSince1970: Double(snapshot.changedAtMilliseconds) / 1_000)
        let (value, changed) = state.withLock { state -> (PaymentMethods, Bool) in
            let read = PaymentMethods(
                named: snapshot.named, off: snapshot.off, source: .server, readAt: now, changedAt: changedAt)
            let changed = !read.sameSwitch(as: state.value) || state.value.source == .neverHeard
            // An unchanged switch keeps the time this client first read it.
            state.value =
                changed
                ? read
                : PaymentMethods(
                    off: read.off, source: .server, readAt: state.value.readAt ?? now, changedAt: changedAt)
            state.checkedAt = now
            return (state.value, changed)
        }
        if changed {
            logger.log(
                .info, "the server's payment-method switch: \(Self.describe(value))",
                ["server": server])
        }
        save(value, checkedAt: now)
        return value
    }

    private func keep(because reason: String, at now: Date) {
        let value = current
        let age = value.age(at: now).map { "\(Int($0)) s old" } ?? "never read"
        logger.log(
            .warning,
            "cannot read the payment-method switch; keeping the last value (\(value.source.rawValue), \(age))",
            ["server": server, "reason": String(reason.prefix(300)), "off": Self.describe(value)])
    }

    /// Saves `value` when it differs from what the cache holds (read first:
    /// no rewrite when equal), and the time of the read that said it
    /// (`checkedAt`, a one-column write; the cache is never synced).
    private func save(_ value: PaymentMethods, checkedAt: Date?) {
        let checked = checkedAt.map { Int64(($0.timeIntervalSince1970 * 1_000).rounded()) }
        let rows = PaymentMethodKind.allCases.map { kind in
            PaymentMethodSwitchTable.Row(
                kind: kind.rawValue, enabled: value.off[kind] == nil, reason: value.off[kind],
                changedAt: Int64(
                    ((value.changedAt ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970 * 1_000).rounded()),
                readAt: Int64(
                    ((value.readAt ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970 * 1_000).rounded()),
                checkedAt: checked)
        }
        do {
            try cache.recovering { cache in
                let saved = try cache.paymentMethodSwitches.rows(server: server)
                guard
                    saved.map(\.kind) != rows.map(\.kind)
                        || zip(saved, rows).contains(where: { saved, row in
                            saved.enabled != row.enabled || saved.reason != row.reason
                                || saved.changedAt != row.changedAt
                        })
                else {
                    if let checked { try cache.paymentMethodSwitches.markChecked(server: server, at: checked) }
                    return
                }
                try cache.paymentMethodSwitches.replace(server: server, with: rows)
            }
        } catch {
            logger.warning("cannot save the payment-method switch", error: error, ["server": server])
        }
    }

    /// What `cache` saved for `server`, or the never-heard defaults, and
    /// when it was last read from the server, if known.
    private static func saved(in cache: SharedCache, server: String, logger: Logger) -> (PaymentMethods, Date?) {
        let rows: [PaymentMethodSwitchTable.Row]
        do {
            rows = try cache.recovering { try $0.paymentMethodSwitches.rows(server: server) }
        } catch {
            logger.warning("cannot read the saved payment-method switch", error: error, ["server": server])
            return (.neverHeard, nil)
        }
        guard let first = rows.first else { return (.neverHeard, nil) }
        var named: Set<PaymentMethodKind> = []
        var off: [PaymentMethodKind: String?] = [:]
        for row in rows {
            guard let kind = PaymentMethodKind(rawValue: row.kind) else { continue }
            named.insert(kind)
            if !row.enabled { off[kind] = .some(row.reason) }
        }
        let value = PaymentMethods(
            named: named, off: off, source: .saved, readAt: Date(timeIntervalSince1970: Double(first.readAt) / 1_000),
            changedAt: Date(timeIntervalSince1970: Double(first.changedAt) / 1_000))
        let checked = rows.compactMap(\.checkedAt).min().map { Date(timeIntervalSince1970: Double($0) / 1_000) }
        return (value, checked)
    }

    /// `wallet off ("..."), card on, ...` for a log line.
    static func describe(_ value: PaymentMethods) -> String {
        PaymentMethodKind.allCases.map { kind in
            value.off[kind].map { "\(kind.rawValue) off (\($0.prefix(80)))" } ?? "\(kind.rawValue) on"
        }.joined(separator: ", ")
    }
}
