import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// Cancelling a trip follows the checkout attempt's pattern: the request,
/// with its idempotency key and the version it cancels, is committed to
/// `booking.sqlite` before its POST leaves; every resend uses the same key
/// and version; a lost answer is looked up (`GET /v1/bookings/{id}`); what
/// stays open is settled by `settleCancels`. The decisions are
/// `CancelFlow`'s (a pure machine with its own table and diagram); this
/// file runs its effects.
extension TripRepository {
    /// Cancels booking `id` at the version this device holds and saves the
    /// answer as the trip. Returns the cancelled booking.
    ///
    /// An open cancellation of the same booking (a crash, a lost answer) is
    /// resumed with its own key and version: looked up first, resent only
    /// while the server still has the booking confirmed at that version.
    /// Otherwise a new request is saved under `key` (a fresh random key by
    /// default) before anything is sent. With `quote` (the user accepted
    /// it), the request saves its id and the version it was made for, and
    /// the server cancels only at its refund.
    ///
    /// - Parameter boundary: the crash tests' hook, asked at each `TripChangeBoundary` of a cancellation.
    /// - Throws: `RepositoryError.unknownBooking` when no trip has this id
    ///   (nothing sent); `CancelError` (already cancelled, refused, the
    ///   quote changed, not sent, pending; `refused` with `QUOTE_MISMATCH`,
    ///   nothing saved, for a quote of another booking);
    ///   `APIError.final(.notSent(nil), nil)` for an offline-only
    ///   repository; the store's error when the request cannot be saved
    ///   (then nothing was sent).
    package func cancel(
        _ id: BookingID, quote: CancellationQuote? = nil, key: IdempotencyKey? = nil,
        boundary: CancelBoundaryHook? = nil
    ) async throws -> BookingSnapshot {
        guard let api else { throw APIError.final(.notSent(nil), nil) }
        if let quote, quote.bookingID != id {
            throw CancelError.refused(
                id, code: "QUOTE_MISMATCH", message: "the quote is for booking \(quote.bookingID)", current: nil)
        }
        if let open = try store.cancels.open(for: id) {
            return try await settle(open, api: api, resumed: true, boundary: boundary)
        }
        guard let trip = try store.trips.trip(id: id) else { throw RepositoryError.unknownBooking(id) }
        guard trip.status == .confirmed else { throw CancelError.alreadyCancelled(id, trip.version) }
        let request = CancelRequest(
            idempotencyKey: key ?? IdempotencyKey(newID()), bookingID: id,
            version: quote?.version ?? trip.version, quoteID: quote?.quoteID, createdAt: now())
        try TripChangeBoundary(.cancel, .beforeCommit).pass(boundary)
        do {
            try store.cancels.insert(request)
        } catch {
            // Another process saved a request for this booking a moment
            // earlier (one open request per booking): follow that one.
            guard let open = try store.cancels.open(for: id) else { throw error }
            return try await settle(open, api: api, resumed: true, boundary: boundary)
        }
        try TripChangeBoundary(.cancel, .afterCommit).pass(boundary)
        return try await settle(request, api: api, resumed: false, boundary: boundary)
    }

    /// Drives a saved request to an outcome by running `CancelFlow`: the
    /// machine decides (post, look up, read, save, and where the run ends);
    /// this runs its effects against the server and the store and reports
    /// each result back as an event. A resumed request (its earlier POST
    /// may have left) is looked up before anything is sent.
    func settle(_ request: CancelRequest, api: BookingAPIClient, resumed: Bool, boundary: CancelBoundaryHook?)
        async throws -> BookingSnapshot
    {
        let saved = CancelFlow.Request(
            bookingID: request.bookingID, version: request.version, key: request.idempotencyKey,
            quoteID: request.quoteID)
        // The booking last read (an answer, a lookup, the read after a
        // refusal): what a save keeps as the trip.
        var lastRead: BookingSnapshot?
        // The server's new quote when it refused the accepted one.
        var newQuote: CancellationQuote?
        // The key of the request the run settles now (a renewal changes it).
        var key = request.idempotencyKey
        let state = try await MachineRun<CancelFlow>.run(
            from: .idle, .started(saved, resumed: resumed), log: runLog(CancelFlow.self)
        ) { effect, after in
            switch effect {
            case .post(let sent):
                return try await post(sent, api: api, lastRead: &lastRead, newQuote: &newQuote, boundary: boundary)
            case .lookUp(let id):
                return await read(id, refused: false, api: api, lastRead: &lastRead)
            case .renew(let spent):
                let event = renew(spent)
                if case .renewed(let renewed) = event { key = renewed.key }
                return event
            case .readCurrent(let id):
                return await read(id, refused: true, api: api, lastRead: &lastRead)
            case .saveCancelled(let sent):
                let event = save(sent.key, as: .cancelled, booking: lastRead)
                if event == .saved, case .answered = after {
                    try TripChangeBoundary(.cancel, .afterSave).pass(boundary)
                }
                return event
            case .saveRefused(let sent, let code, let withBooking):
                return save(sent.key, as: .refused, reason: code, booking: withBooking ? lastRead : nil)
            }
        }
        switch state {
        case .cancelled:
            if let lastRead { return lastRead }
        case .refused(let refusal):
            if let newQuote, refusal.code == "QUOTE_EXPIRED" || refusal.code == "QUOTE_CHANGED" {
                throw CancelError.quoteChanged(request.bookingID, newQuote: newQuote)
            }
            throw CancelError.refused(
                request.bookingID, code: refusal.code, message: refusal.message,
                current: refusal.current == nil ? nil : lastRead.map { BookingKit.Trip(read: $0, at: now()) })
        case .notSent(let detail):
            throw CancelError.notSent(request.bookingID, detail)
        case .leftOpen(let detail):
            throw CancelError.pending(request.bookingID, key, detail)
        default:
            break
        }
        throw CancelError.pending(request.bookingID, key, "no answer")
    }

    /// `POST /v1/bookings/{id}/cancel` with the request's key, version and
    /// quote, as the event the machine takes; a refused quote's new one
    /// goes to `newQuote`.
    private func post(
        _ request: CancelFlow.Request, api: BookingAPIClient, lastRead: inout BookingSnapshot?,
        newQuote: inout CancellationQuote?, boundary: CancelBoundaryHook?
    ) async throws -> CancelFlow.Event {
        let answer: BookingSnapshot
        do {
            answer = try await api.cancel(
                request.bookingID, version: request.version, quoteID: request.quoteID, key: request.key)
        } catch {
            newQuote = Self.newQuote(in: error, for: request.bookingID) ?? newQuote
            return .postFailed(Self.postFailure(error, now: now()))
        }
        try TripChangeBoundary(.cancel, .afterPost).pass(boundary)
        lastRead = answer
        return .answered(CancelFlow.Reading(status: answer.state, version: answer.version))
    }

    /// Closes `spent` (the server stored a failure under its key) and saves
    /// the same cancellation under a new key, in one transaction, as the
    /// event the machine takes. When another process finished or renewed
    /// it first, this run leaves it to that one.
    private func renew(_ spent: CancelFlow.Request) -> CancelFlow.Event {
        let renewed = CancelFlow.Request(
            bookingID: spent.bookingID, version: spent.version, key: IdempotencyKey(newID()), quoteID: spent.quoteID)
        let row = CancelRequest(
            idempotencyKey: renewed.key, bookingID: renewed.bookingID, version: renewed.version,
            quoteID: renewed.quoteID, createdAt: now())
        do {
            guard try store.renewCancel(spent.key, as: row, at: now()) else {
                return .renewFailed("another run settled the request first")
            }
            return .renewed(renewed)
        } catch {
            return .renewFailed("\(error)")
        }
    }

    /// `GET /v1/bookings/{id}`, as the event the machine takes: a lookup of
    /// what a post did, or (`refused`) the best-effort read after a refusal.
    private func read(_ id: BookingID, refused: Bool, api: BookingAPIClient, lastRead: inout BookingSnapshot?) async
        -> CancelFlow.Event
    {
        do {
            let booking = try await api.booking(id)
            lastRead = booking
            let reading = CancelFlow.Reading(status: booking.state, version: booking.version)
            return refused ? .currentRead(reading) : .lookedUp(reading)
        } catch {
            guard refused else {
                if case .notFound = error { return .lookUpFoundNothing }
                return .lookUpFailed(Self.reason(error, now: now()))
            }
            // Best effort: the trip keeps its saved state until the next sync.
            logger.warning(
                "cannot read the booking after a refused cancellation", error: error, ["booking": id.rawValue])
            lastRead = nil
            return .currentRead(nil)
        }
    }

    /// Finishes the request and saves the booking as its trip (when it is
    /// one: confirmed or cancelled) in one transaction. A failed save
    /// leaves the request open (the next look settles it).
    private func save(
        _ key: IdempotencyKey, as status: CancelRequest.Status, reason: String? = nil, booking: BookingSnapshot?
    ) -> CancelFlow.Event {
        let savedAt = now()
        let trip = booking.flatMap {
            $0.state == .confirmed || $0.state == .cancelled ? BookingRepository.trip(from: $0, syncedAt: savedAt) : nil
        }
        do {
            try store.finishCancel(key, as: status, reason: reason, trip: trip, at: savedAt)
            return .saved
        } catch {
            return .saveFailed("\(error)")
        }
    }

    /// The saved requests for booking `id`, oldest first.
    package func cancelRequests(for id: BookingID) throws -> [CancelRequest] {
        try store.cancels.requests(for: id)
    }

    /// Every cancellation still open, oldest first.
    package func openCancelRequests() throws -> [CancelRequest] {
        try store.cancels.allOpen()
    }

    /// Why no usable answer came, for people; a wait is said as
    /// `WaitUntilText` writes it at `now` (UTC, dated unless today).
    static func reason(_ error: APIError, now: Date) -> String {
        switch error {
        case .final(.notSent(let reason?), _) where reason.failure == .tlsFailure || reason.failure == .dnsFailure:
            return "\(reason)"
        case .final(.notSent, _): return "the server cannot be reached"
        case .final(.unavailable, _): return "the server is busy or unavailable"
        case .final(.waitRequested(let until), _):
            let seen = Int64(now.timeIntervalSince1970.rounded(.down))
            return "the server asked to wait until \(WaitUntilText.text(until: until, nowUnixSeconds: seen))"
        default: return "\(error)"
        }
    }
}
