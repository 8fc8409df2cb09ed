import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// Cancelling a trip follows the checkout attempt's pattern: the request,
/// with its idempotency key and the version it cancels, is committed to
/// `booking.sqlite` before its POST leaves; every resend uses the same key
/// and version; a lost answer is looked up (`GET /v1/bookings/{id}`); what
/// stays open is settled by `reconcileCancels`.
extension TripRepository {
    /// How many times one call sends the POST before it leaves the request
    /// open: the first send, then a resend after each lookup that finds the
    /// booking still confirmed at the version sent.
    static let cancelSends = 3

    /// Cancels booking `id` at the version this device holds and saves the
    /// answer as the trip. Returns the cancelled booking.
    ///
    /// An open cancellation of the same booking (a crash, a lost answer) is
    /// resumed with its own key and version: looked up first, resent only
    /// while the server still has the booking confirmed at that version.
    /// Otherwise a new request is saved under `key` (a fresh random key by
    /// default) before anything is sent.
    ///
    /// - Parameter boundary: the crash tests' hook, asked at each `CancelBoundary`.
    /// - Throws: `RepositoryError.unknownBooking` when no trip has this id
    ///   (nothing sent); `CancelError` (already cancelled, refused, not sent,
    ///   pending); `APIError.final(.notSent, nil)` for an offline-only
    ///   repository; the store's error when the request cannot be saved
    ///   (then nothing was sent).
    package func cancel(_ id: BookingID, key: IdempotencyKey? = nil, boundary: CancelBoundaryHook? = nil)
        async throws -> BookingSnapshot
    {
        guard let api else { throw APIError.final(.notSent, nil) }
        if let open = try store.cancels.open(for: id) {
            return try await settle(open, api: api, resumed: true, boundary: boundary)
        }
        guard let trip = try store.trips.trip(id: id) else { throw RepositoryError.unknownBooking(id) }
        guard trip.status == .confirmed else { throw CancelError.alreadyCancelled(id, trip.version) }
        let request = CancelRequest(
            idempotencyKey: key ?? IdempotencyKey(newID()), bookingID: id,
            version: trip.version, createdAt: now())
        try Self.pass(.beforeCommit, boundary)
        do {
            try store.cancels.insert(request)
        } catch {
            // Another process saved a request for this booking a moment
            // earlier (one open request per booking): follow that one.
            guard let open = try store.cancels.open(for: id) else { throw error }
            return try await settle(open, api: api, resumed: true, boundary: boundary)
        }
        try Self.pass(.afterCommit, boundary)
        return try await settle(request, api: api, resumed: false, boundary: boundary)
    }

    /// Drives a saved request to an outcome: POST with its key, and after a
    /// lost answer a lookup and a resend with the same key, at most
    /// `cancelSends` sends. A resumed request (its earlier POST may have
    /// left) is looked up before anything is sent.
    func settle(_ request: CancelRequest, api: BookingAPIClient, resumed: Bool, boundary: CancelBoundaryHook?)
        async throws -> BookingSnapshot
    {
        var lookUpFirst = resumed
        // Whether a POST of this request may have reached the server: an
        // earlier call's (resumed), or one of this call's whose answer was lost.
        var mayHaveLeft = resumed
        var lastDetail = "no answer"
        for _ in 0..<Self.cancelSends {
            if lookUpFirst, let settled = try await lookUp(request, api: api, resumed: resumed) { return settled }
            let answer: BookingSnapshot
            do {
                answer = try await api.cancel(request.bookingID, version: request.version, key: request.idempotencyKey)
            } catch {
                switch error {
                case .final(.notSent, _) where !mayHaveLeft:
                    // Every try certainly stayed on the device, and no
                    // earlier send may have arrived: it cancelled nothing.
                    try save(request, as: .refused, reason: "NOT_SENT", booking: nil)
                    throw CancelError.notSent(request.bookingID, "\(error)")
                case .final(.rejected(_, let code), let detail):
                    throw try await refuse(
                        request, code: code ?? detail?.code ?? "REJECTED", message: detail?.message ?? "\(error)",
                        api: api)
                case .userFacing(_, let detail):
                    throw try await refuse(
                        request, code: detail?.code ?? "REJECTED", message: detail?.message ?? "\(error)", api: api)
                case .final(.waitRequested, _):
                    // The server asked for a pause: nothing was sent now. The
                    // request stays open for the next run or reconciliation.
                    throw CancelError.pending(request.bookingID, request.idempotencyKey, Self.reason(error, now: now()))
                case .final(.notSent, _), .final(.unavailable, _), .unknownOutcome, .invalidResponse, .notFound:
                    // The answer is lost or unusable: the request may have
                    // been applied. Ask the server before sending again.
                    lastDetail = Self.reason(error, now: now())
                    lookUpFirst = true
                    mayHaveLeft = true
                    continue
                }
            }
            try Self.pass(.afterPost, boundary)
            guard answer.state == .cancelled else {
                // A 2xx that is not CANCELLED contradicts itself (the server
                // answers a cancel it refused with an error): it may hide a
                // cancellation and refund that happened. The server's read
                // decides, and a CANCELLED it gives is saved.
                if let settled = try await lookUp(request, api: api, resumed: resumed) { return settled }
                throw try await refuse(
                    request, code: "BOOKING_NOT_CANCELLABLE", message: "the answer says \(answer.state.rawValue)",
                    api: api)
            }
            try save(request, as: .cancelled, booking: answer)
            try Self.pass(.afterSave, boundary)
            return answer
        }
        // The last send's answer was lost too: one more look before leaving it open.
        if lookUpFirst, let settled = try await lookUp(request, api: api, resumed: resumed) { return settled }
        throw CancelError.pending(request.bookingID, request.idempotencyKey, lastDetail)
    }

    /// `GET /v1/bookings/{id}`: the request's outcome when its answer was
    /// lost. Returns the booking when it is cancelled (saved, the request
    /// closed); nil when it is still confirmed at the version sent (a
    /// resend with the same key is safe: the server replays it, or cancels
    /// that version once). Throws `CancelError.refused` when the booking has
    /// moved on so this request can no longer cancel it, and
    /// `CancelError.pending` when the server cannot be asked.
    ///
    /// A booking the server does not know closes a request this call made;
    /// a resumed one stays open: it was made earlier, maybe under another
    /// account than this call's, and only that account can settle it.
    private func lookUp(_ request: CancelRequest, api: BookingAPIClient, resumed: Bool) async throws
        -> BookingSnapshot?
    {
        let booking: BookingSnapshot
        do {
            booking = try await api.booking(request.bookingID)
        } catch .notFound {
            let message = "the server has no such booking for this account"
            if resumed {
                throw CancelError.refused(request.bookingID, code: "NOT_FOUND", message: message, current: nil)
            }
            throw try await refuse(request, code: "NOT_FOUND", message: message, api: api)
        } catch {
            throw CancelError.pending(request.bookingID, request.idempotencyKey, Self.reason(error, now: now()))
        }
        switch booking.state {
        case .cancelled:
            try save(request, as: .cancelled, booking: booking)
            return booking
        case .confirmed where booking.version == request.version:
            return nil
        case .confirmed:
            throw try await refuse(
                request, code: "VERSION_CONFLICT", message: "the booking changed since this device read it",
                api: api, current: booking)
        default:
            throw try await refuse(
                request, code: "BOOKING_NOT_CANCELLABLE", message: "only a confirmed booking can be cancelled",
                api: api, current: booking)
        }
    }

    /// Closes a request the server refused, saving the booking as the server
    /// has it now (read when not given; best effort) so the trip shows the
    /// truth. Returns the error to throw.
    private func refuse(
        _ request: CancelRequest, code: String, message: String, api: BookingAPIClient, current: BookingSnapshot? = nil
    ) async throws -> CancelError {
        var current = current
        if current == nil && code != "NOT_FOUND" {
            do {
                current = try await api.booking(request.bookingID)
            } catch {
                // Best effort: the trip keeps its saved state until the next sync.
                logger.warning(
                    "cannot read the booking after a refused cancellation", error: error,
                    ["booking": request.bookingID.rawValue])
            }
        }
        try save(request, as: .refused, reason: code, booking: current)
        return .refused(request.bookingID, code: code, message: message, current: current)
    }

    /// Finishes the request and saves the booking as its trip (when it is
    /// one: confirmed or cancelled) in one transaction. A failed save
    /// leaves the request open (the next look settles it), so it is thrown
    /// as `CancelError.pending`, never as "nothing was sent".
    private func save(
        _ request: CancelRequest, as status: CancelRequest.Status, reason: String? = nil, booking: BookingSnapshot?
    ) throws {
        let savedAt = now()
        let trip = booking.flatMap {
            $0.state == .confirmed || $0.state == .cancelled ? BookingRepository.trip(from: $0, syncedAt: savedAt) : nil
        }
        do {
            try store.finishCancel(request.idempotencyKey, as: status, reason: reason, trip: trip, at: savedAt)
        } catch {
            throw CancelError.pending(
                request.bookingID, request.idempotencyKey, "the server's answer could not be saved: \(error)")
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
        case .final(.notSent, _): return "the server cannot be reached"
        case .final(.unavailable, _): return "the server is busy or unavailable"
        case .final(.waitRequested(let until), _):
            let seen = Int64(now.timeIntervalSince1970.rounded(.down))
            return "the server asked to wait until \(WaitUntilText.text(until: until, nowUnixSeconds: seen))"
        default: return "\(error)"
        }
    }

    static func pass(_ boundary: CancelBoundary, _ hook: CancelBoundaryHook?) throws {
        if let hook, !hook(boundary) { throw CancelError.stopped(boundary) }
    }
}
