import BookingStore
import Foundation

// Trips and search, through the same client.
extension BookingClient {
    /// The trips saved on this device, in check-in order: no network, so
    /// they show offline.
    public func savedTrips() async throws -> [Trip] {
        try await trips.trips().map(Trip.init)
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

    /// Cancels the trip `id` with the server and saves the answer.
    ///
    /// - Throws: `BookingClientError.unknownTrip` when it is not on this
    ///   device, `.apiKeyRefused`, or the `APIError`.
    @discardableResult
    public func cancel(_ id: BookingID) async throws -> Trip {
        do {
            _ = try await trips.cancel(id, key: IdempotencyKey(UUID().uuidString.lowercased()))
            guard let trip = try await trips.trip(id) else { throw BookingClientError.unknownTrip(id) }
            return Trip(trip)
        } catch RepositoryError.unknownBooking(let id) {
            throw BookingClientError.unknownTrip(id)
        } catch {
            throw Self.refusedKey(error) ?? error
        }
    }

    /// Page `page` (from 0) of the offers at `placeID` for the dates: from
    /// the cache unless `refresh`, else from the server; offline, the
    /// cached page marked `offline`.
    public func offers(
        at placeID: String, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int, page: Int = 0,
        refresh: Bool = false
    ) async throws -> OffersPage {
        let query = SearchQuery(placeID: placeID, checkIn: checkIn, checkOut: checkOut, guests: guests)
        do {
            return try await search.offers(query, pageIndex: page, refresh: refresh)
        } catch {
            throw Self.refusedKey(error) ?? error
        }
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
