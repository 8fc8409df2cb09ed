import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// The end-to-end suite's library side: one `BookingClient` on its own data
/// directory, as an app has it, booking through its public calls.
final class LibraryBooker {
    private let client: BookingClient
    private let counting: RequestLog
    /// The requests each booking made (hold through confirmation), distinct
    /// counts, without the payment-method switch's read.
    private(set) var requestsPerBooking: Set<Int> = []
    /// Every request of the timed bookings, by method and path shape.
    private(set) var requests: [String: Int] = [:]

    /// A client on `directory` for `account`, over URLSession unless
    /// `transport` is given.
    init(port: UInt16, directory: String, account: String = "benchlibrary", transport: (any Transport)? = nil) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        counting = RequestLog(transport ?? BookingClient.defaultTransport())
        client = try BookingClient(
            BookingClient.Configuration(
                server: "http://127.0.0.1:\(port)", credential: .apiKey("sk_test_\(account)"),
                dataDirectory: URL(fileURLWithPath: directory), transport: counting))
        let client = client
        _ = ReconcileSuite.wait { await client.launch() }
    }

    /// The first offer in Lisbon for each of `count` two-night stays, one
    /// starting each day from ten days on.
    func offers(count: Int) throws -> [Offer] {
        let today = Int(Date().timeIntervalSince1970 / 86_400)
        let client = client
        return try (0..<count).map { index in
            guard let checkIn = CalendarDate(daysSince1970: today + 10 + index),
                let checkOut = CalendarDate(daysSince1970: today + 12 + index)
            else { throw BenchError(description: "booking: no calendar date \(index)") }
            let page = ReconcileSuite.wait { () -> Result<OffersPage, BookingClientError> in
                do throws(BookingClientError) {
                    return .success(
                        try await client.offers(at: "plc_lisbon", checkIn: checkIn, checkOut: checkOut, guests: 2))
                } catch {
                    return .failure(error)
                }
            }
            guard let offer = try page.get().items.first else {
                throw BenchError(description: "booking: no offer for \(checkIn)")
            }
            return offer
        }
    }

    /// Holds `offer` and pays with `tok_visa`; throws unless it confirmed.
    /// Returns the booking's id.
    @discardableResult
    func book(_ offer: Offer) throws -> BookingID {
        let client = client
        counting.reset()
        let outcome = ReconcileSuite.wait { () -> Result<(String, BookingID?), BookingClientError> in
            do throws(BookingClientError) {
                guard case .held = try await client.hold(offer) else { return .success(("not held", nil)) }
                guard
                    case .confirmed(let trip) = try await client.pay(
                        with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
                else {
                    return .success(("not confirmed", nil))
                }
                return .success(("confirmed", trip.id))
            } catch {
                return .failure(error)
            }
        }
        // A search's prefetch of its next page may land during the booking:
        // the search's work, not the booking's. The payment-method switch is
        // read before Pay at most once per 10 s: its time is in the
        // booking's, its request is counted apart from the contract's two.
        let seen = counting.take().filter { $0 != "GET /v1/offers" }
        let booking = seen.filter { $0 != "GET /v1/payment-methods" }
        requestsPerBooking.insert(booking.count)
        for request in seen { requests[request, default: 0] += 1 }
        let (ending, id) = try outcome.get()
        guard let id else { throw BenchError(description: "booking: the library's booking ended \(ending)") }
        return id
    }

    /// Reads one saved trip, as a trip screen does.
    func readTrip(_ id: BookingID) throws {
        let client = client
        let read = ReconcileSuite.wait { () -> Result<Trip, BookingClientError> in
            do throws(BookingClientError) { return .success(try await client.trip(id: id)) } catch {
                return .failure(error)
            }
        }
        guard try read.get().id == id else { throw BenchError(description: "booking: trip \(id) read back wrong") }
    }

    /// Closes the client's databases, as an app signing out does.
    func close() {
        client.close()
    }

    /// Back from the confirmation to browsing, ready for the next booking.
    func goBack() {
        let client = client
        _ = ReconcileSuite.wait { try? await client.back() }
    }
}

/// A transport that notes each request's method and path shape.
final class RequestLog: Transport, Sendable {
    private let base: any Transport
    private let seen = Locked<[String]>([])

    init(_ base: any Transport) {
        self.base = base
    }

    func reset() {
        seen.withLock { $0 = [] }
    }

    /// The requests since the last `reset`, and a reset.
    func take() -> [String] {
        seen.withLock { seen in
            defer { seen = [] }
            return seen
        }
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let path = request.url.path.split(separator: "/").map { $0.contains("_") ? "{id}" : String($0) }
        seen.withLock { $0.append(request.method + " /" + path.joined(separator: "/")) }
        return try await base.send(request)
    }
}
