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
    public nonisolated let api: BookingAPIClient
    /// The settings.
    public nonisolated let configuration: RepositoryConfiguration
    let store: BookingDatabase
    /// Where failures that are worked around (or shown as events) are logged.
    nonisolated let logger: Logger
    private let now: @Sendable () -> Date
    private let makeUUID: @Sendable () -> UUID
    private var payments: [AttemptID: Task<PaymentOutcome, Never>] = [:]

    /// Opens `booking.sqlite` in `directory`.
    ///
    /// - Parameters:
    ///   - dependencies: its wall clock (for `created_at`/`updated_at` and
    ///     the key lifetime only) and its source of attempt ids and keys.
    ///   - logHandler: where failures are logged (nothing by default).
    public init(
        directory: String, api: BookingAPIClient, configuration: RepositoryConfiguration = RepositoryConfiguration(),
        dependencies: Dependencies = .live, logHandler: any LogHandler = SilentLogHandler()
    ) throws {
        store = try BookingDatabase(directory: directory)
        logger = Logger(handler: logHandler, source: "repository")
        self.api = api
        self.configuration = configuration
        now = dependencies.now
        makeUUID = dependencies.makeUUID
    }

    // MARK: Attempts

    /// Makes a new attempt for `offer` at `quote` with a fresh random key and
    /// saves it; returns once the row is durable.
    public func startAttempt(offer: OfferID, quote: QuoteID) throws -> SavedAttempt {
        let attempt = BookingFlow.Attempt(
            id: AttemptID(makeUUID().uuidString.lowercased()),
            key: IdempotencyKey(makeUUID().uuidString.lowercased()), offerID: offer, quoteID: quote)
        let record = SavedAttempt(attempt: attempt, createdAt: now())
        try store.startAttempt(record)
        return record
    }

    /// Saves an attempt whose ids were made elsewhere (the flow's
    /// `saveAttempt`), made now, as the current hold: an earlier attempt
    /// still in a hold phase, from this process or another on the same
    /// files, is abandoned in the same transaction. Returns the attempts it
    /// superseded.
    @discardableResult
    public func save(_ attempt: BookingFlow.Attempt) throws -> [SavedAttempt] {
        try store.startAttempt(SavedAttempt(attempt: attempt, createdAt: now()))
    }

    /// Saves a row as it is (tests and tools that make rows of any phase).
    @discardableResult
    public func save(_ record: SavedAttempt) throws -> [SavedAttempt] {
        try store.startAttempt(record)
    }

    /// The attempt being held, if any: the one a payment is for.
    public func currentHold() throws -> SavedAttempt? {
        try store.attempts.currentHold()
    }

    /// The saved attempt with this id.
    public func attempt(_ id: AttemptID) throws -> SavedAttempt? {
        try store.attempts.attempt(id: id)
    }

    /// The most recent attempt.
    public func latestAttempt() throws -> SavedAttempt? {
        try store.attempts.latest()
    }

    /// Every attempt not yet final.
    public func nonFinalAttempts() throws -> [SavedAttempt] {
        try store.attempts.nonFinal()
    }

    /// Marks an attempt abandoned (the user went back before paying). Only
    /// an attempt in a hold phase can be abandoned, checked and written in
    /// one statement: once a payment may have left, in this process or
    /// another, only the server settles it. Returns whether it was abandoned.
    @discardableResult
    public func abandon(_ id: AttemptID) throws -> Bool {
        try store.attempts.abandon(id: id, at: now())
    }

    // MARK: Holds

    /// `POST /v1/holds` for a saved attempt, with its key. On an answer the
    /// attempt becomes `held` with the hold id and the hold clock's anchor.
    ///
    /// - Parameter anchor: the boot clock read just before this call, so the
    ///   countdown is measured from before the request left.
    public func requestHold(_ id: AttemptID, anchor: BootClock.Reading?) async throws -> HoldSnapshot {
        let record = try saved(id)
        if record.phase == .abandoned { throw RepositoryError.superseded(id) }
        guard record.phase == .holdRequested || record.phase == .held else {
            throw RepositoryError.wrongPhase(id, record.phase, "request a hold")
        }
        let hold = try await api.createHold(offer: record.offerID, quote: record.quoteID, key: record.idempotencyKey)
        try applyHold(hold, to: record, anchor: anchor)
        return hold
    }

    /// `GET /v1/holds/{id}`: reads the attempt's hold again (it may have been
    /// extended or have expired) and saves what it learned: a hold the
    /// server no longer has (404) ends the attempt as `expired`.
    public func readHold(_ id: AttemptID, anchor: BootClock.Reading?) async throws -> HoldSnapshot {
        let record = try saved(id)
        guard let holdID = record.holdID else {
            throw RepositoryError.wrongPhase(id, record.phase, "read a hold it never got")
        }
        let hold: HoldSnapshot
        do {
            hold = try await api.hold(holdID)
        } catch APIError.notFound {
            // Once a payment may have left, only the booking settles the row.
            if !record.phase.mayHaveCharged { _ = try store.attempts.concludeHold(id: id, as: .expired, at: now()) }
            throw APIError.notFound
        }
        if !record.phase.mayHaveCharged { try applyHold(hold, to: record, anchor: anchor) }
        return hold
    }

    private func applyHold(_ hold: HoldSnapshot, to record: SavedAttempt, anchor: BootClock.Reading?) throws {
        let expired = hold.state == .expired
        let saved = anchor.flatMap {
            SavedHoldAnchor(bootID: $0.bootID, sinceBoot: $0.sinceBoot, expiresIn: .milliseconds(hold.expiresInMs))
        }
        let moved = try store.attempts.update(
            AttemptChange(
                attemptID: record.attemptID, phase: expired ? .expired : .held, holdID: hold.holdId,
                holdAnchor: saved?.storageText),
            at: now())
        // A new hold from another process abandoned this attempt while the
        // request was out: the answer is for a room nobody pays any more.
        if !moved, try store.attempts.attempt(id: record.attemptID)?.phase == .abandoned {
            throw RepositoryError.superseded(record.attemptID)
        }
    }

    // MARK: Payment

    /// Pays for a held attempt: commits `paymentSubmitted`, then
    /// `sendPayment`. Cancelling the caller never cancels the charge.
    public func pay(_ id: AttemptID, token: PaymentToken) async -> PaymentOutcome {
        if let running = payments[id] { return await running.value }
        do {
            // The commit that must precede the request: from here on, launch
            // reconciliation looks this attempt up by its key. Conditional on
            // HELD: another process that got there first sends it, not us.
            guard try update(AttemptChange(attemptID: id, phase: .paymentSubmitted)) else {
                return Self.notSubmitted(try saved(id))
            }
        } catch {
            return .notSent("the attempt could not be saved, so nothing was sent: \(error)")
        }
        return await sendPayment(id, token: token)
    }

    /// Sends `POST /v1/bookings` with the attempt's key, for an attempt whose
    /// saved row already says `paymentSubmitted` (the commit before the
    /// request is checked against the file, not assumed). Runs in a task the
    /// repository owns: cancelling the caller never cancels the charge, and
    /// the outcome is saved either way. A second call while one runs joins it.
    ///
    /// - Parameter isResend: the same payment sent again after a lookup found
    ///   no booking under the key. Sent only while the key is well within the
    ///   server's lifetime (past it, the same key would make a new request);
    ///   a failure to reach the server then ends nothing, since the first
    ///   send may still have arrived.
    public func sendPayment(_ id: AttemptID, token: PaymentToken, isResend: Bool = false) async -> PaymentOutcome {
        if let running = payments[id] { return await running.value }
        let record: SavedAttempt
        do {
            record = try saved(id)
        } catch {
            return .notPayable("\(error)")
        }
        guard record.phase == .paymentSubmitted, let holdID = record.holdID else {
            if record.phase != .paymentSubmitted { return Self.notSubmitted(record) }
            return .notPayable("attempt is \(record.phase.rawValue): its payment was not saved as submitted")
        }
        if isResend,
            now().timeIntervalSince(record.createdAt) + configuration.inFlightGrace >= configuration.keyLifetime
        {
            return .unknown("the key is too old to send again: the attempt is only looked up")
        }
        let api = self.api
        // Isolated to this actor (it inherits it), but not a child of the
        // caller's task: the caller's cancellation never reaches it.
        let task = Task { () -> PaymentOutcome in
            let outcome: PaymentOutcome
            do throws(APIError) {
                // Each try leaves only while the row still says
                // PAYMENT_SUBMITTED: another process may settle it meanwhile.
                let booking = try await api.createBooking(
                    hold: holdID, paymentToken: token, key: record.idempotencyKey,
                    returnURL: self.configuration.challengeReturnURL,
                    proceed: { [weak self] in await self?.isStillSubmitted(id) ?? false })
                outcome = .answered(booking)
                do {
                    _ = try self.apply(booking, to: id)
                } catch {
                    // The only write of this answer: the row stays
                    // PAYMENT_SUBMITTED, and the next launch's reconcile
                    // looks the key up and saves the booking (and its trip).
                    self.logger.error(
                        "cannot save the payment's answer", error: error,
                        ["attempt": id.rawValue, "booking": booking.bookingId.rawValue])
                }
            } catch {
                outcome = self.settleFailedPayment(id, error: error, isResend: isResend)
            }
            self.paymentFinished(id)
            return outcome
        }
        payments[id] = task
        return await task.value
    }

    /// Why an attempt's payment is not sent from here, from its saved row:
    /// replaced by a newer hold; or moved on by another process that sent
    /// (or settled) it, so its outcome is looked up by key, never concluded
    /// here; or simply not held.
    static func notSubmitted(_ record: SavedAttempt) -> PaymentOutcome {
        switch record.phase {
        case .abandoned: return .superseded
        case .expired: return .refused(.expired, "the hold ran out before the payment was sent")
        case let phase where phase.mayHaveCharged:
            return .unknown("attempt \(record.attemptID) is \(phase.rawValue): its payment was sent by another process")
        default: return .notPayable("attempt is \(record.phase.rawValue), not held")
        }
    }

    /// What the flow is told when its `PAYMENT_SUBMITTED` save changed
    /// nothing: the attempt moved on elsewhere, so nothing is sent from here.
    public func paymentNotSubmitted(_ id: AttemptID) -> PaymentOutcome {
        do {
            return Self.notSubmitted(try saved(id))
        } catch {
            return .notPayable("\(error)")
        }
    }

    private func paymentFinished(_ id: AttemptID) {
        payments[id] = nil
    }

    private func settleFailedPayment(_ id: AttemptID, error: APIError, isResend: Bool) -> PaymentOutcome {
        switch error {
        case .final(.rejected(let status, _), _) where status >= 500:
            // A replayed 5xx (see `RetryExecutor`): the key is settled on the
            // server, but whether it booked first only a lookup tells.
            return .serverFailedTheKey("\(error)")
        case .final(.notSent, _) where isResend:
            // The resend never left; the first send may have: keep looking.
            return .unknown("\(error)")
        case .userFacing(let kind, let detail):
            let phase: AttemptPhase = kind == .expired ? .expired : .failed
            mark(id, phase)
            return .refused(kind, detail?.message ?? "\(kind)")
        case .final(.notSent, _):
            // Certainly never reached the server: this process, the only one
            // that moved the attempt to PAYMENT_SUBMITTED, ends it.
            mark(id, .failed)
            return .notSent("\(error)")
        case .final(.rejected, _):
            // A 4xx other than the business ones: the server refused the
            // request as such; no booking was made under this key.
            mark(id, .failed)
            return .refused(.paymentDeclined, "\(error)")
        case .final(.unavailable, _), .final(.waitRequested, _), .unknownOutcome, .invalidResponse, .notFound:
            // Told to wait (an earlier try of this call may have acted): looked up.
            return .unknown("\(error)")
        }
    }

    private func isStillSubmitted(_ id: AttemptID) -> Bool {
        do {
            return try store.attempts.attempt(id: id)?.phase == .paymentSubmitted
        } catch {
            // Unreadable: no try leaves; the outcome is looked up by key.
            logger.error("cannot read the attempt before a payment try", error: error, ["attempt": id.rawValue])
            return false
        }
    }

    /// Ends a submitted payment as not paid (`FAILED`): the flow's
    /// conclusion after the server settled the key or the hold and a lookup
    /// found no booking under the key. Only from `PAYMENT_SUBMITTED`.
    @discardableResult
    public func concludeNotPaid(_ id: AttemptID) throws -> Bool {
        try store.attempts.concludeNotPaid(id: id, at: now())
    }

    private func mark(_ id: AttemptID, _ phase: AttemptPhase) {
        do {
            _ = try store.attempts.update(AttemptChange(attemptID: id, phase: phase), at: now())
        } catch {
            // The row stays PAYMENT_SUBMITTED: the next launch looks it up.
            logger.error(
                "cannot save the attempt's phase", error: error, ["attempt": id.rawValue, "phase": phase.rawValue])
        }
    }

    // MARK: Server truth

    /// `GET /v1/bookings?attempt=<key>`: the booking made under the attempt's
    /// key, applied if newer. Nil when the server has none.
    public func lookUp(_ id: AttemptID) async throws -> BookingSnapshot? {
        let record = try saved(id)
        guard let booking = try await api.booking(forAttempt: record.idempotencyKey) else { return nil }
        try apply(booking, to: id)
        return booking
    }

    /// `GET /v1/bookings/{id}` for the attempt's booking, applied if newer.
    public func refresh(_ id: AttemptID) async throws -> BookingSnapshot {
        let record = try saved(id)
        guard let bookingID = record.bookingID else {
            guard let booking = try await lookUp(id) else {
                throw RepositoryError.wrongPhase(id, record.phase, "refresh a booking the server has not made")
            }
            return booking
        }
        let booking = try await api.booking(bookingID)
        try apply(booking, to: id)
        return booking
    }

    /// Applies a server answer to an attempt when its version is newer (the
    /// store ignores anything else). A confirmed booking is saved as a trip
    /// and its attempt finalized in one transaction. Returns whether the
    /// attempt moved.
    @discardableResult
    public func apply(_ booking: BookingSnapshot, to id: AttemptID) throws -> Bool {
        guard booking.idempotencyKey == (try saved(id)).idempotencyKey else { return false }
        let syncedAt = now()
        if booking.state == .confirmed || booking.state == .cancelled {
            let trip = Self.trip(from: booking, syncedAt: syncedAt)
            if booking.state == .confirmed {
                return try store.saveConfirmation(trip: trip, attempt: id, at: syncedAt)
            }
            try store.trips.upsert(trip)
        }
        return try store.attempts.update(
            AttemptChange(
                attemptID: id, phase: AttemptPhase(bookingStatus: booking.state), version: booking.version,
                holdID: booking.holdId, bookingID: booking.bookingId),
            at: syncedAt)
    }

    static func trip(from booking: BookingSnapshot, syncedAt: Date) -> TripRecord {
        TripRecord(
            bookingID: booking.bookingId, status: booking.state == .cancelled ? .cancelled : .confirmed,
            propertyJSON: TripDetails(booking).json, checkIn: booking.checkIn.description,
            checkOut: booking.checkOut.description, voucherCode: booking.voucherCode, version: booking.version,
            syncedAt: syncedAt)
    }

    /// Saves one of the flow's own moves of an attempt, each a conditional
    /// statement: `abandoned` and `failed`/`expired` (no server answer behind
    /// them) only from a hold phase, `paymentSubmitted` only from `HELD`.
    /// The server's answers are never saved here: the calls that receive
    /// them (`requestHold`, `readHold`, `sendPayment`, `lookUp`, `refresh`)
    /// save them. Returns whether the row moved.
    @discardableResult
    public func update(_ change: AttemptChange) throws -> Bool {
        switch change.phase {
        case .abandoned:
            return try abandon(change.attemptID)
        case .paymentSubmitted:
            return try store.attempts.submitPayment(id: change.attemptID, at: now())
        case .failed, .expired:
            // It may end a hold, never a payment (this process's payment call
            // settles its own; another process's payment is its own to settle).
            return try store.attempts.concludeHold(id: change.attemptID, as: change.phase, at: now())
        case .holdRequested, .held, .actionRequired, .processing, .confirmed, .cancelled:
            throw RepositoryError.wrongPhase(change.attemptID, change.phase, "save a phase only the server gives")
        }
    }

    /// Whether a trip is saved for this booking.
    public func hasTrip(_ id: BookingID) throws -> Bool {
        try store.trips.trip(id: id) != nil
    }

    func saved(_ id: AttemptID) throws -> SavedAttempt {
        guard let record = try store.attempts.attempt(id: id) else { throw RepositoryError.unknownAttempt(id) }
        return record
    }

    func currentDate() -> Date { now() }
}
