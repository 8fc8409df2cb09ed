import BookingAPI
import BookingCore
import BookingStore
import Foundation

/// Changing a trip's dates follows the cancellation's pattern: a quote
/// first (nothing moves), then the accepted request, with its idempotency
/// key, quote and version, is committed to `booking.sqlite` before its POST
/// leaves; every resend uses the same key; a lost answer is looked up
/// (`GET /v1/bookings/{id}`); what stays open is settled by
/// reconciliation. The decisions are `ModifyFlow`'s; this file runs its effects.
extension TripRepository {
    /// `POST /v1/bookings/{id}/modification-quotes`: the new total and the
    /// difference for new dates of trip `id`. Nothing is saved or moved.
    ///
    /// - Throws: `RepositoryError.unknownBooking` when no trip has this id;
    ///   `ModifyError.notModifiable` when the trip is not confirmed here;
    ///   `ModifyError.refused` (`INVALID_DATES`, `SOLD_OUT`, ...) or
    ///   `.notSent`; `APIError.final(.notSent(nil), nil)` for an offline-only repository.
    package func modificationQuote(
        _ id: BookingID, checkIn: CalendarDate, checkOut: CalendarDate, bookingAgain: Bool = false
    ) async throws -> ModificationQuoteSnapshot {
        guard let api else { throw APIError.final(.notSent(nil), nil) }
        guard let trip = try store.trips.trip(id: id) else { throw RepositoryError.unknownBooking(id) }
        guard trip.status == .confirmed else { throw ModifyError.notModifiable(id, .cancelled) }
        // Onto the dates of another confirmed booking of the same room: a
        // second room for one stay only on purpose, as a new hold.
        if !bookingAgain, let summary = trip.summary,
            let other = try store.trips.confirmedStay(
                propertyName: summary.propertyName, roomName: summary.roomName, checkIn: checkIn.description,
                checkOut: checkOut.description, excluding: id)
        {
            throw BookingClientError.alreadyBooked(other)
        }
        let change = ModifyFlow.DateChange(bookingID: id, checkIn: checkIn, checkOut: checkOut)
        var (state, effects) = ModifyFlow.reduce(.idle, .started(change))
        var answer: ModificationQuoteSnapshot?
        while let effect = effects.first {
            effects.removeFirst()
            guard case .requestQuote = effect else { break }
            let event: ModifyFlow.Event
            do {
                let quote = try await api.modificationQuote(id, checkIn: checkIn, checkOut: checkOut)
                answer = quote
                event = .quoteReceived(quote.quote)
            } catch {
                event = Self.quoteEvent(error, now: now())
            }
            let step = ModifyFlow.reduce(state, event)
            state = step.state
            effects += step.effects
        }
        switch state {
        case .quoted: if let answer { return answer }
        case .refused(let refusal): throw ModifyError.refused(id, code: refusal.code, message: refusal.message)
        case .notSent(let detail): throw ModifyError.notSent(id, detail)
        default: break
        }
        throw ModifyError.notSent(id, "no quote")
    }

    /// Applies `quote` (accepted by the user) and saves the answer as the
    /// trip, by version. Returns the booking at its new version.
    ///
    /// An open change of the same booking (a crash, a lost answer) is
    /// settled first, with its own key; when it was this quote, its outcome
    /// is this call's. Otherwise a new request is saved under `key` (a fresh
    /// random key by default) before anything is sent.
    ///
    /// - Throws: `ModifyError` (refused, quote expired with the new quote,
    ///   not sent, pending); `RepositoryError.unknownBooking`;
    ///   `APIError.final(.notSent(nil), nil)` for an offline-only repository.
    package func modify(
        _ quote: ModificationQuoteSnapshot, key: IdempotencyKey? = nil, boundary: ModifyBoundaryHook? = nil
    ) async throws -> BookingSnapshot {
        guard let api else { throw APIError.final(.notSent(nil), nil) }
        let id = quote.bookingId
        if let open = try store.modifies.open(for: id) {
            let settled = try await settle(open, api: api, boundary: boundary)
            if open.quoteID == quote.quoteId { return settled }
        }
        guard try store.trips.trip(id: id) != nil else { throw RepositoryError.unknownBooking(id) }
        let flowRequest = ModifyFlow.Request(quote: quote.quote, key: key ?? IdempotencyKey(newID()))
        return try await run(from: .quoted(quote.quote), .accepted, request: flowRequest, api: api, boundary: boundary)
    }

    /// Drives a saved request to an outcome, looked up first (its POST may have left).
    func settle(_ saved: ModifyRequest, api: BookingAPIClient, boundary: ModifyBoundaryHook?) async throws
        -> BookingSnapshot
    {
        let request = ModifyFlow.Request(
            quote: ModifyFlow.Quote(
                quoteID: saved.quoteID, bookingID: saved.bookingID, version: saved.version, checkIn: saved.checkIn,
                checkOut: saved.checkOut, total: saved.total, difference: saved.difference),
            key: saved.idempotencyKey)
        return try await run(from: .idle, .resumed(request), request: request, api: api, boundary: boundary)
    }

    /// Runs `ModifyFlow` from `state` and `event`: the machine decides
    /// (record, post, look up, save, and where the run ends); this runs its
    /// effects against the server and the store and reports each result back.
    private func run(
        from state: ModifyFlow.State, _ first: ModifyFlow.Event, request: ModifyFlow.Request, api: BookingAPIClient,
        boundary: ModifyBoundaryHook?
    ) async throws -> BookingSnapshot {
        let log = runLog(ModifyFlow.self)
        if let log, case .quoted(let quote) = state {
            // The run starts at the quote the user accepted: its log first
            // takes the flow there from its first state, so it replays from
            // the start (a replay that reaches another state says so).
            let change = ModifyFlow.DateChange(
                bookingID: quote.bookingID, checkIn: quote.checkIn, checkOut: quote.checkOut)
            log.appendSteps([.started(change), .quoteReceived(quote)], from: ModifyFlow.initialState)
        }
        // The booking last read (an answer or a lookup): what a save keeps as the trip.
        var lastRead: BookingSnapshot?
        var newQuote: ModificationQuoteSnapshot?
        // The key of the request the run settles now (a renewal changes it).
        var key = request.key
        let state = try await MachineRun<ModifyFlow>.run(from: state, first, log: log) { effect, after in
            switch effect {
            case .requestQuote:
                return .quoteFailed("a quote is asked for by modificationQuote")
            case .record:
                return try record(request, boundary: boundary)
            case .post(let request):
                return try await post(request, api: api, lastRead: &lastRead, newQuote: &newQuote, boundary: boundary)
            case .lookUp(let id):
                return await lookUp(id, api: api, lastRead: &lastRead)
            case .renew(let spent):
                let event = renew(spent)
                if case .renewed(let renewed) = event { key = renewed.key }
                return event
            case .saveModified(let request):
                let event = save(request, as: .modified, booking: lastRead)
                if event == .saved, case .answered = after {
                    try TripChangeBoundary(.modify, .afterSave).pass(boundary)
                }
                return event
            case .saveRefused(let request, let code):
                return save(request, as: .refused, reason: code, booking: nil)
            }
        }
        let id = request.bookingID
        switch state {
        case .modified: if let lastRead { return lastRead }
        case .refused(let refusal): throw ModifyError.refused(id, code: refusal.code, message: refusal.message)
        case .quoted: if let newQuote { throw ModifyError.quoteExpired(id, newQuote: newQuote) }
        case .notSent(let detail): throw ModifyError.notSent(id, detail)
        case .leftOpen(let detail): throw ModifyError.pending(id, key, detail)
        default: break
        }
        throw ModifyError.pending(id, key, "no answer")
    }

    /// Saves the request before its POST, as the event the machine takes.
    private func record(_ request: ModifyFlow.Request, boundary: ModifyBoundaryHook?) throws -> ModifyFlow.Event {
        let row = self.row(for: request)
        try TripChangeBoundary(.modify, .beforeCommit).pass(boundary)
        do {
            try store.modifies.insert(row)
        } catch {
            return .recordFailed("\(error)")
        }
        try TripChangeBoundary(.modify, .afterCommit).pass(boundary)
        return .recorded(request)
    }

    /// Closes `spent` (the server stored a failure under its key) and saves
    /// the same change under a new key, in one transaction, as the event the
    /// machine takes. When another process finished or renewed it first,
    /// this run leaves it to that one.
    private func renew(_ spent: ModifyFlow.Request) -> ModifyFlow.Event {
        let renewed = ModifyFlow.Request(quote: spent.quote, key: IdempotencyKey(newID()))
        do {
            guard try store.renewModify(spent.key, as: row(for: renewed), at: now()) else {
                return .renewFailed("another run settled the request first")
            }
            return .renewed(renewed)
        } catch {
            return .renewFailed("\(error)")
        }
    }

    /// The row that saves `request`, made now.
    private func row(for request: ModifyFlow.Request) -> ModifyRequest {
        let quote = request.quote
        return ModifyRequest(
            idempotencyKey: request.key, bookingID: quote.bookingID, quoteID: quote.quoteID, version: quote.version,
            checkIn: quote.checkIn, checkOut: quote.checkOut, total: quote.total, difference: quote.difference,
            createdAt: now())
    }

    /// `POST /v1/bookings/{id}/modifications` with the request's key, quote
    /// and version, as the event the machine takes.
    private func post(
        _ request: ModifyFlow.Request, api: BookingAPIClient, lastRead: inout BookingSnapshot?,
        newQuote: inout ModificationQuoteSnapshot?, boundary: ModifyBoundaryHook?
    ) async throws -> ModifyFlow.Event {
        let answer: ModificationSnapshot
        do {
            answer = try await api.modify(
                request.bookingID, quoteID: request.quote.quoteID, version: request.version, key: request.key)
        } catch {
            if case .final(.rejected(_, "QUOTE_EXPIRED"), let detail) = error, let quote = detail?.quote,
                quote.bookingId == request.bookingID
            {
                newQuote = quote
                return .requoted(quote.quote)
            }
            return .postFailed(Self.postFailure(error, now: now()))
        }
        try TripChangeBoundary(.modify, .afterPost).pass(boundary)
        lastRead = answer.booking
        return .answered(Self.reading(answer.booking))
    }

    /// `GET /v1/bookings/{id}`: what a post did, as the event the machine takes.
    private func lookUp(_ id: BookingID, api: BookingAPIClient, lastRead: inout BookingSnapshot?) async
        -> ModifyFlow.Event
    {
        do {
            let booking = try await api.booking(id)
            lastRead = booking
            return .lookedUp(Self.reading(booking))
        } catch {
            return .lookUpFailed(Self.reason(error, now: now()))
        }
    }

    /// Finishes the request and saves the booking as its trip (by version:
    /// never back a version) in one transaction. A failed save leaves the
    /// request open (the next look settles it).
    private func save(
        _ request: ModifyFlow.Request, as status: ModifyRequest.Status, reason: String? = nil,
        booking: BookingSnapshot?
    ) -> ModifyFlow.Event {
        let savedAt = now()
        let trip = booking.flatMap {
            $0.state == .confirmed || $0.state == .cancelled ? BookingRepository.trip(from: $0, syncedAt: savedAt) : nil
        }
        do {
            try store.finishModify(request.key, as: status, reason: reason, trip: trip, at: savedAt)
            return .saved
        } catch {
            return .saveFailed("\(error)")
        }
    }

    /// The saved changes of dates of booking `id`, oldest first.
    package func modifyRequests(for id: BookingID) throws -> [ModifyRequest] {
        try store.modifies.requests(for: id)
    }

    /// Settles every open change of dates (reconciliation): each is looked
    /// up and resent with its own key while the server still has the
    /// booking at the version it names. Counts go into `report`, each open
    /// change among the examined.
    func settleModifies(api: BookingAPIClient, into report: inout CancelReport) async {
        let open: [ModifyRequest]
        do {
            open = try store.modifies.allOpen()
        } catch {
            report.noteError("cannot read the open changes of dates: \(error)")
            return
        }
        report.examined += open.count
        for request in open {
            do {
                _ = try await settle(request, api: api, boundary: nil)
                report.modified += 1
            } catch ModifyError.refused(let id, let code, _) {
                report.noteRefused("change of dates of \(id)", code: code)
            } catch ModifyError.pending(let id, _, let detail) {
                report.notePending("change of dates of \(id)", detail)
            } catch {
                report.noteError("change of dates of \(request.bookingID): \(error)")
            }
        }
    }

    private static func reading(_ booking: BookingSnapshot) -> ModifyFlow.Reading {
        ModifyFlow.Reading(
            status: booking.state, version: booking.version, checkIn: booking.checkIn, checkOut: booking.checkOut)
    }

    private static func quoteEvent(_ error: APIError, now: Date) -> ModifyFlow.Event {
        switch error {
        case .final(.rejected(_, let code), let detail):
            return .quoteRefused(code: code ?? detail?.code ?? "REJECTED", message: detail?.message ?? "\(error)")
        case .userFacing(_, let detail):
            return .quoteRefused(code: detail?.code ?? "REJECTED", message: detail?.message ?? "\(error)")
        case .notFound:
            return .quoteRefused(code: "NOT_FOUND", message: "the server has no such booking for this account")
        case .invalidResponse(let why):
            // The server answered, with a quote this device will not accept
            // (its figures do not add up): a bad answer, not "cannot be reached".
            return .quoteRefused(code: "INVALID_QUOTE", message: "the server's quote cannot be used: \(why)")
        default:
            return .quoteFailed(reason(error, now: now))
        }
    }

    /// Why a cancel's or a change's post had no usable answer, as either
    /// machine takes it (the two share `CancelFlow.PostFailure`).
    static func postFailure(_ error: APIError, now: Date) -> ModifyFlow.PostFailure {
        switch error {
        case .final(.notSent(let reason), _):
            // Why, in the transport's words: offline, a certificate refused, no address.
            return .notSent(reason.map { "\($0)" } ?? "\(error)")
        case .final(.rejected(let status, _), _) where status >= 500:
            // A replayed 5xx (see `RetryExecutor`): the key is spent.
            return .keySpent("the server replays a failure it stored for the key (\(error))")
        case .final(.rejected(_, let code), let detail):
            return .rejected(code: code ?? detail?.code ?? "REJECTED", message: detail?.message ?? "\(error)")
        case .userFacing(_, let detail):
            return .rejected(code: detail?.code ?? "REJECTED", message: detail?.message ?? "\(error)")
        case .final(.waitRequested, _):
            return .waitRequested(reason(error, now: now))
        case .final(.unavailable, _), .unknownOutcome, .invalidResponse, .notFound:
            return .lost(reason(error, now: now))
        }
    }
}
