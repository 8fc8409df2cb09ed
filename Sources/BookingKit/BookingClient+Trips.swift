import BookingStore
import Foundation

// Trips and search, through the same client.
extension BookingClient {
    /// The trips saved on this device, in check-in order: no network, so
    /// they show offline.
    public func savedTrips() async throws -> [Trip] {
        try await trips.trips().map(Trip.init)
    }

    /// The trip `id` saved on this device, with no network; nil when it is
    /// not here.
    public func trip(_ id: BookingID) async throws -> Trip? {
        try await trips.trip(id).map(Trip.init)
    }

    /// The trip `id` as saved, with its row, for the command line's renderers.
    package func savedTrip(_ id: BookingID) async throws -> TripRepository.Trip? {
        try await trips.trip(id)
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

    /// Fetches the account's bookings and saves the newer ones; returns how
    /// many trips changed.
    ///
    /// - Throws: `BookingClientError.apiKeyRefused` when the server refuses
    ///   the key; otherwise the `APIError`.
    @discardableResult
    public func syncTrips() async throws -> Int {
        do {
            return try await trips.sync()
        } catch {
            throw Self.refusedKey(error) ?? error
        }
    }

    /// Cancels the trip `id` with the server and saves the answer. The
    /// request and its key are saved before it leaves; a cancellation left
    /// open by a crash or a lost answer is resumed with its own key.
    ///
    /// - Throws: `BookingClientError.unknownTrip` when it is not on this
    ///   device, `.apiKeyRefused`; `CancelError` (already cancelled,
    ///   refused, not sent, still pending); or the `APIError`.
    @discardableResult
    public func cancel(_ id: BookingID) async throws -> Trip {
        do {
            _ = try await cancelBooking(id)
            guard let trip = try await trips.trip(id) else { throw BookingClientError.unknownTrip(id) }
            return Trip(trip)
        } catch RepositoryError.unknownBooking(let id) {
            throw BookingClientError.unknownTrip(id)
        } catch {
            throw Self.refusedKey(error) ?? error
        }
    }

    /// Cancels the trip `id` as `cancel(_:)` does, and returns the server's
    /// answer as saved (with its version): the command line's report.
    package func cancelBooking(_ id: BookingID) async throws -> BookingSnapshot {
        do {
            return try await trips.cancel(id, boundary: seams.cancelBoundaryHook)
        } catch {
            throw Self.refusedKey(error) ?? error
        }
    }

    /// Page `page` (from 0) of the offers at `placeID` for the dates,
    /// narrowed by `filters`: from the cache unless `refresh`, else from the
    /// server; offline, the cached page marked `offline`.
    public func offers(
        at placeID: String, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int,
        filters: OfferFilters = OfferFilters(), page: Int = 0, refresh: Bool = false
    ) async throws -> OffersPage {
        let query = SearchQuery(
            placeID: placeID, checkIn: checkIn, checkOut: checkOut, guests: guests, filters: filters.serverFilters)
        return try await offers(query, page: page, refresh: refresh)
    }

    /// Place suggestions for `text` as typed (debounced; a newer call
    /// supersedes this one).
    public func suggestions(for text: String) async throws -> Suggestions {
        do {
            return try await search.suggestions(for: text)
        } catch {
            throw Self.refusedKey(error) ?? error
        }
    }

    /// `apiKeyRefused` when `error` is the server's 401.
    static func refusedKey(_ error: any Error) -> BookingClientError? {
        if case .final(.rejected(status: 401, _), _)? = error as? APIError { return .apiKeyRefused }
        return nil
    }
}
