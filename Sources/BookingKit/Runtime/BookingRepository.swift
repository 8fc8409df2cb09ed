import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// Where the promises become true: an attempt and its key are committed to
/// `booking.sqlite` before any request for it leaves, every retry reuses the
/// key, a response applies only when its version is newer, a confirmed
/// booking becomes a trip in the same transaction that finalizes its attempt,
/// and every non-final attempt is settled at launch (`reconcile`).
///
/// Every method that sends a POST for an attempt loads the attempt's
/// durable row first and refuses without it: no code path can send for an
/// unsaved attempt.
package actor BookingRepository {
    /// The API client.
    package nonisolated let api: BookingAPIClient
    /// The settings.
    package nonisolated let configuration: RepositoryConfiguration
    let store: BookingDatabase
    /// Where failures that are worked around (or shown as events) are logged.
    nonisolated let logger: Logger
    /// The server's key lifetime saved in the file when it was opened (nil:
    /// none, or unreadable).
    package nonisolated let keyLifetimeAtOpen: Int64?
    /// The wall clock (`created_at`, `updated_at`, the key's age).
    let now: @Sendable () -> Date
    /// The source of attempt ids and keys.
    let makeUUID: @Sendable () -> UUID
    /// The hold clock (when a hold read left, for its countdown).
    let holdNow: @Sendable () -> MonotonicInstant
    /// The payments this repository is sending, by attempt: a second call joins the one running.
    var payments: [AttemptID: Task<PaymentOutcome, Never>] = [:]
    /// When this process first sent each attempt's payment, on the hold
    /// clock: the key's age for a resend, never read from the wall clock.
    var paymentsSentAt: [AttemptID: MonotonicInstant] = [:]
    /// While a launch settles (`shareHoldReads`): the hold reads it made, by
    /// attempt, each one given once more to the next read of that hold, so
    /// the restore and the reconciliation read a hold once. Nil otherwise.
    var sharedHoldReads: [AttemptID: SharedHoldRead]?
    /// Whether a launch's window of shared hold reads is open
    /// (`shareHoldReads`), and how many pieces of work it started hold it
    /// open past its end (`leaseHoldReadSharing`): the reads stay shared
    /// until both are done.
    var holdReadWindowOpen = false
    var holdReadLeases = 0
    /// The releases this repository is sending now: never two calls under
    /// one release's key at once (the second would not see the first's
    /// `Retry-After`).
    var releasesInFlight: Set<HoldID> = []
    /// Who waits for a release in flight to be answered (`releaseSettled`).
    var releaseWaiters: [HoldID: [CheckedContinuation<Void, Never>]] = [:]
    /// Attempts a new hold abandoned while their own hold request had no
    /// clear answer (`HOLD_REQUESTED`): asked again under their keys before
    /// the new hold request leaves, and any room the server kept for them
    /// given up (`settleAbandonedHoldRequests`).
    var abandonedHoldRequests: [SavedAttempt] = []
    /// The cancellation terms of each hold, as the server's last answer
    /// about it said (a coupon re-quotes them): the held room's screen
    /// shows them (`BookingClient.cancellationPolicy(of:)`).
    var holdTerms: [HoldID: CancellationPolicy] = [:]

    /// Opens `booking.sqlite` in `directory`.
    ///
    /// - Parameters:
    ///   - dependencies: its wall clock (for `created_at`/`updated_at` and
    ///     the key lifetime only) and its source of attempt ids and keys.
    ///   - logHandler: where failures are logged (nothing by default).
    ///   - connection: `booking.sqlite` opened already (the command line's
    ///     lock check), taken over when it is `directory`'s; else opened.
    package init(
        directory: String, api: BookingAPIClient, configuration: RepositoryConfiguration = RepositoryConfiguration(),
        dependencies: Dependencies = .live, logHandler: any LogHandler = SilentLogHandler(),
        connection: BookingConnection? = nil
    ) throws {
        let path = (directory as NSString).appendingPathComponent(BookingDatabase.fileName)
        if let given = connection?.database, given.database.path == path {
            store = given
        } else {
            store = try BookingDatabase(directory: directory)
        }
        logger = Logger(handler: logHandler, source: "repository")
        self.api = api
        // What `SavedKeyLifetime` compares the server's header with, read on
        // this connection: a header that says it again opens nothing.
        keyLifetimeAtOpen = try? store.keyLifetimes.seconds(server: api.server.description)
        self.configuration = configuration
        now = dependencies.now
        makeUUID = dependencies.makeUUID
        holdNow = dependencies.holdNow
    }

    /// Saves an attempt whose ids were made elsewhere (the flow's
    /// `saveAttempt`), made now, as the current hold: an earlier attempt
    /// still in a hold phase, from this process or another on the same
    /// files, is abandoned in the same transaction, and a release is saved
    /// for each hold it leaves behind (the runner sends them before the new
    /// attempt's hold request). Returns
    /// the attempts it superseded.
    ///
    /// - Parameter hold: the live hold of the attempt before it, which this
    ///   one pays under its new key (`saveAttemptOnHold`): saved `held`
    ///   with that hold; nil for a new attempt that asks for its own hold.
    @discardableResult
    package func save(_ attempt: BookingFlow.Attempt, onHold hold: HoldID? = nil) throws -> [SavedAttempt] {
        var record = SavedAttempt(attempt: attempt, createdAt: now())
        if let hold {
            record.phase = .held
            record.holdID = hold
        }
        let superseded = try store.startAttempt(record, releasingHolds: true)
        abandonedHoldRequests += superseded.filter { $0.phase == .holdRequested }
        return superseded
    }

    /// The attempt being held, if any: the one a payment is for.
    package func currentHold() throws -> SavedAttempt? {
        try store.attempts.currentHold()
    }

    /// The saved attempt with this id.
    package func attempt(_ id: AttemptID) throws -> SavedAttempt? {
        try store.attempts.attempt(id: id)
    }

    /// The most recent attempt.
    package func latestAttempt() throws -> SavedAttempt? {
        try store.attempts.latest()
    }

    /// Another attempt of `offer` whose payment left or was confirmed, that
    /// `attempt` must not pay over (see `AttemptTable.otherPayment`).
    package func otherPayment(of offer: OfferID, besides attempt: AttemptID) throws -> AttemptID? {
        try store.attempts.otherPayment(of: offer, besides: attempt)
    }

    /// Records that `attempt` holds a stay booked already, on purpose.
    package func markBookedAgain(_ attempt: AttemptID) throws {
        try store.attempts.markBookedAgain(attempt)
    }

    /// Copies the WAL into `booking.sqlite` (`BookingDatabase.checkpoint`).
    @discardableResult
    package func checkpoint() throws -> Bool {
        try store.checkpoint()
    }

    /// Every attempt not yet final.
    package func nonFinalAttempts() throws -> [SavedAttempt] {
        try store.attempts.nonFinal()
    }

    /// Marks an attempt abandoned (the user went back before paying). Only
    /// an attempt in a hold phase can be abandoned, checked and written in
    /// one statement: once a payment may have left, in this process or
    /// another, only the server settles it. Returns whether it was abandoned.
    @discardableResult
    package func abandon(_ id: AttemptID) throws -> Bool {
        try store.attempts.abandon(id: id, at: now())
    }

    /// Saves one of the flow's own moves of an attempt, each a conditional
    /// statement: `abandoned` and `failed`/`expired` (no server answer behind
    /// them) only from a hold phase, `paymentSubmitted` only from `HELD`.
    /// The server's answers are never saved here: the calls that receive
    /// them (`requestHold`, `readHold`, `sendPayment`, `lookUp`, `refresh`)
    /// save them. Returns whether the row moved.
    @discardableResult
    package func update(_ change: AttemptChange) throws -> Bool {
        switch change.phase {
        case .abandoned:
            return try abandon(change.attemptID)
        case .paymentSubmitted:
            return try store.attempts.submitPayment(id: change.attemptID, guest: change.guest, at: now())
        case .failed, .expired:
            // It may end a hold, never a payment (this process's payment call
            // settles its own; another process's payment is its own to settle).
            return try store.attempts.concludeHold(id: change.attemptID, as: change.phase, at: now())
        case .holdRequested, .held, .actionRequired, .processing, .confirmed, .cancelled:
            throw RepositoryError.wrongPhase(change.attemptID, change.phase, "save a phase only the server gives")
        }
    }

    func saved(_ id: AttemptID) throws -> SavedAttempt {
        guard let record = try store.attempts.attempt(id: id) else { throw RepositoryError.unknownAttempt(id) }
        return record
    }

    func currentDate() -> Date { now() }
}
