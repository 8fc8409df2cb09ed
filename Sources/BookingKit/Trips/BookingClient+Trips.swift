import BookingStore
import Foundation

// Trips: the device's copies, the server's list, and cancelling.
extension BookingClient {
    /// The trips saved on this device, in check-in order: no network, so
    /// they show offline.
    ///
    /// - Throws: `BookingClientError.dataDirectoryUnusable` or
    ///   `.storageFull` when the trips cannot be read; `.closed` after `close()`.
    public func savedTrips() async throws(BookingClientError) -> [Trip] {
        try await guarded { try await $0.runtime.repository.savedTrips().map(Trip.init) }
    }

    /// The trip `id` saved on this device, with no network.
    ///
    /// ```swift
    /// do {
    ///     show(try await client.trip(id: bookingID))
    /// } catch {
    ///     switch error {
    ///     case .unknownTrip: try await client.syncTrips()  // then ask again
    ///     default: showError(error.description)
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: `BookingClientError.malformedID` for an id the server never
    ///   makes (nothing is read), `.unknownTrip` when it is not on this
    ///   device, `.dataDirectoryUnusable` when the trips cannot be read;
    ///   `.closed` after `close()`.
    public func trip(id: BookingID) async throws(BookingClientError) -> Trip {
        guard Self.isWellFormed(id.rawValue) else { throw .malformedID(id.rawValue) }
        guard let trip = try await guarded({ try await $0.runtime.repository.savedTrip(id) }) else {
            throw .unknownTrip(id)
        }
        return Trip(trip)
    }

    /// The trip `id` as saved, with its row, for the command line's renderers.
    package func savedTrip(_ id: BookingID) async throws -> TripRepository.Trip? {
        try await runtime.repository.savedTrip(id)
    }

    /// Fetches the account's bookings and saves the newer ones: which
    /// changed, and which this build's schema refused.
    package func syncTripsReport() async throws -> TripRepository.SyncReport {
        do {
            return try await trips.syncReport()
        } catch {
            throw Self.refusedKey(error) ?? error
        }
    }

    /// Fetches every booking of the account from the server (made on any
    /// device) and saves the ones newer than this device's copies: a trip
    /// booked or cancelled on another device shows here after it. Returns
    /// how many trips changed. `tripUpdates()` emits the new list.
    ///
    /// - Throws: `BookingClientError.serverUnreachable` (offline: the saved
    ///   trips stay as they were), `.apiKeyRefused`, `.waitRequested`,
    ///   `.serverFailed`, `.refused`; `.storageFull` or
    ///   `.dataDirectoryUnusable` when the answer cannot be saved; `.closed`.
    @discardableResult
    public func syncTrips() async throws(BookingClientError) -> Int {
        try await guarded { try await $0.trips.sync() }
    }

    /// Reads again the trips whose refund is still pending and saves the
    /// settled ones (`booking reconcile` when no cancellation is open).
    package func refreshPendingRefunds() async -> CancelReport {
        var report = CancelReport()
        guard let trips = try? self.trips else { return report }
        await trips.refreshPendingRefunds(into: &report)
        return report
    }

    /// Cancels the trip `id` with the server at the refund of the moment,
    /// and saves the answer. The request and its key are saved before it
    /// leaves; a cancellation left open by a crash or a lost answer is
    /// resumed with its own key. To show the refund and ask first, use
    /// `cancellationQuote(for:)` and `cancel(_:)` with the quote.
    ///
    /// ```swift
    /// do {
    ///     let trip = try await client.cancel(id)  // trip.status == .cancelled
    /// } catch {
    ///     switch error {
    ///     case .cancel(.pending): showSavedForLater()  // cancel(_:) again, or the next launch, resends it
    ///     case .cancel(.notSent), .serverUnreachable: showOfflineNotice()
    ///     case .cancel(.refused(_, let code, _, _)): showRefusal(code)
    ///     default: showError(error.description)
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: `BookingClientError.unknownTrip` when it is not on this
    ///   device, `.malformedID`, `.apiKeyRefused`; `.cancel(CancelError)`
    ///   (already cancelled, refused, not sent, still pending); the server's
    ///   failures (`.serverUnreachable`, `.serverFailed`, `.refused`);
    ///   `.storageFull`; `.closed`.
    @discardableResult
    public func cancel(_ id: BookingID) async throws(BookingClientError) -> Trip {
        guard Self.isWellFormed(id.rawValue) else { throw .malformedID(id.rawValue) }
        _ = try await cancelBooking(id)
        return try await trip(id: id)
    }

    /// Asks the server what cancelling the confirmed trip `id` gives back
    /// (`refund`) and keeps (`penalty`), valid until `expiresAtMilliseconds`
    /// and for the trip's current version. Nothing is saved, cancelled or
    /// refunded: show it, then call `cancel(_:)` with the quote if the user
    /// accepts.
    ///
    /// ```swift
    /// let quote = try await client.cancellationQuote(for: id)
    /// if userAccepts(refund: quote.refund, penalty: quote.penalty) {
    ///     let trip = try await client.cancel(quote)  // trip.refund?.amount == quote.refund
    /// }
    /// ```
    ///
    /// - Throws: `BookingClientError.unknownTrip` when it is not on this
    ///   device, `.malformedID`; `.cancel(.alreadyCancelled)` when this
    ///   device's trip is cancelled; `.cancel(.refused)` with the server's
    ///   code (`BOOKING_NOT_CANCELLABLE`, `NOT_FOUND` for another account's
    ///   booking) or `INVALID_QUOTE` (figures that do not add up to the
    ///   trip's total); `.cancel(.notSent)` when no quote came (offline, the
    ///   server busy: nothing was asked); `.apiKeyRefused`, `.closed`.
    public func cancellationQuote(for id: BookingID) async throws(BookingClientError) -> CancellationQuote {
        guard Self.isWellFormed(id.rawValue) else { throw .malformedID(id.rawValue) }
        return try await guarded { try await $0.trips.cancellationQuote(id) }
    }

    /// Cancels the trip `quote` is for at the quoted refund, and returns the
    /// trip (saved on the device; its `refund` is the quote's). The request,
    /// its key and the quote are saved before it leaves; a cancellation left
    /// open by a crash or a lost answer is resumed with its own key.
    ///
    /// - Throws: what `cancel(_:)` throws with an id, and
    ///   `.cancel(.quoteChanged)` with the server's new quote when this one
    ///   expired or the booking or its refund changed since (nothing was
    ///   cancelled: show the new one, and cancel with it if the user accepts).
    @discardableResult
    public func cancel(_ quote: CancellationQuote) async throws(BookingClientError) -> Trip {
        _ = try await cancelBooking(quote.bookingID, quote: quote)
        return try await trip(id: quote.bookingID)
    }

    /// Cancels the trip `id` as `cancel(_:)` does (at `quote` when given),
    /// and returns the server's answer as saved (with its version): the
    /// command line's report.
    package func cancelBooking(_ id: BookingID, quote: CancellationQuote? = nil) async throws(BookingClientError)
        -> BookingSnapshot
    {
        guard Self.isWellFormed(id.rawValue) else { throw .malformedID(id.rawValue) }
        let boundary = seams.cancelBoundaryHook
        return try await backgroundHolds.during("a cancellation being sent") { () async throws(BookingClientError) in
            try await guarded { try await $0.trips.cancel(id, quote: quote, boundary: boundary) }
        }
    }

    /// Whether a cancellation of trip `id` is saved and still open (its
    /// outcome not known yet): the command line resumes it without asking.
    package func hasOpenCancellation(_ id: BookingID) async -> Bool {
        guard let trips = try? self.trips else { return false }
        return (try? await trips.cancelRequests(for: id).contains { $0.status == .open }) ?? false
    }

    /// Runs `work` on this client, its error as a `BookingClientError`:
    /// refused with `.closed` after `close()`.
    func guarded<T>(_ work: (BookingClient) async throws -> T) async throws(BookingClientError) -> T {
        try checkOpen()
        do {
            return try await work(self)
        } catch {
            throw BookingClientError(error, directory: self.directory)
        }
    }

    /// Whether `text` is an id as the server makes them: 1 to 64 letters,
    /// digits, `-` and `_`.
    static func isWellFormed(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...64).contains(bytes.count)
            && bytes.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_")
            }
    }

    /// `apiKeyRefused` when `error` is the server's 401.
    static func refusedKey(_ error: any Error) -> BookingClientError? {
        if case .final(.rejected(status: 401, _), _)? = error as? APIError { return .apiKeyRefused }
        return nil
    }
}
