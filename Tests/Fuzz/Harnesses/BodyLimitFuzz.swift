// libFuzzer target: the response-size cap (`BodyLimit`). The input picks
// an endpoint, a status and a body length around that endpoint's cap, and
// gives the body's first bytes; a transport that reads as the real one does
// (at most cap + 1 bytes, flagged over the limit) answers with them. Every
// call: the request carries its endpoint's cap; a body over it is a bad
// answer (`invalidResponse`), or an unknown outcome for a payment or a
// cancellation, whatever its status and bytes: never a success, never
// "not sent", never retried.
import BookingCore
import BookingPrimitives
import Dispatch
import Foundation

@testable import BookingAPI

/// Answers every request with the fuzzed status and body, cut as the real
/// transport cuts it; remembers the caps it was asked with.
final class CappedTransport: Transport, Sendable {
    let status: Int
    let body: Data
    let caps = Locked<[Int?]>([])

    init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        caps.withLock { $0.append(request.maximumBodyBytes) }
        guard let cap = request.maximumBodyBytes, body.count > cap else {
            return TransportResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
        }
        return TransportResponse(
            status: status, headers: ["Content-Type": "application/json"], body: body.prefix(cap + 1),
            isOverLimit: true)
    }
}

/// Returns at once: a retry (which must not happen over the cap) costs no time.
struct InstantSleeper: Sleeper {
    func sleep(for duration: Duration) async throws {}
}

/// The endpoints, their caps and whether they move money.
enum Endpoint: CaseIterable {
    case suggestions, offers, hold, booking, payment, cancel, bookings

    var cap: Int {
        switch self {
        case .suggestions: BodyLimit.suggestions
        case .offers: BodyLimit.offers
        case .hold: BodyLimit.hold
        case .booking, .payment, .cancel: BodyLimit.booking
        case .bookings: BodyLimit.bookingPage
        }
    }

    var movesMoney: Bool { self == .payment || self == .cancel }

    /// Calls the endpoint; nil when it succeeded.
    func call(_ api: BookingAPIClient) async -> APIError? {
        let date = CalendarDate("2027-01-10")!
        do throws(APIError) {
            switch self {
            case .suggestions: _ = try await api.suggestPlaces("lis")
            case .offers:
                _ = try await api.offers(
                    placeID: "plc_lisbon", checkIn: date, checkOut: CalendarDate("2027-01-12")!, guests: 2)
            case .hold: _ = try await api.createHold(offer: OfferID("off_1"), quote: QuoteID("q_1"), key: key)
            case .booking: _ = try await api.booking(BookingID("bk_1"))
            case .payment:
                _ = try await api.createBooking(
                    hold: HoldID("hold_1"), paymentToken: PaymentToken("tok_visa"), key: key)
            case .cancel: _ = try await api.cancel(BookingID("bk_1"), version: Version(rawValue: 1)!, key: key)
            case .bookings: _ = try await api.bookings()
            }
            return nil
        } catch {
            return error
        }
    }

    private var key: IdempotencyKey { IdempotencyKey("00000000-0000-4000-8000-000000000001") }
}

private let statuses = [200, 201, 202, 301, 400, 404, 409, 429, 500, 503]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 3 else { return 0 }
    let endpoint = Endpoint.allCases[Int(bytes[0]) % Endpoint.allCases.count]
    let status = statuses[Int(bytes[1]) % statuses.count]
    // Odd selector: a length within 3 bytes of the cap (padded with
    // spaces, which keep a JSON prefix JSON); even: the bytes as they are.
    var body = Data(bytes[3...])
    if bytes[2] % 2 == 1 {
        let length = max(0, endpoint.cap + Int(bytes[2] / 2 % 7) - 3)
        body = body.prefix(length)
        body.append(Data(repeating: UInt8(ascii: " "), count: length - body.count))
    }
    let transport = CappedTransport(status: status, body: body)
    let api = BookingAPIClient(
        server: try! ServerAddress("http://127.0.0.1:1"), apiKey: "sk_test_fuzz", transport: transport,
        configuration: APIConfiguration(policy: OutcomePolicy(maxAttempts: 3)), sleeper: InstantSleeper())
    let error = Locked<APIError?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let result = await endpoint.call(api)
        error.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    let caps = transport.caps.withLock { $0 }
    precondition(!caps.isEmpty && caps.allSatisfy { $0 == endpoint.cap }, "\(endpoint) asked with caps \(caps)")
    guard body.count > endpoint.cap else { return 0 }
    precondition(caps.count == 1, "\(endpoint): an answer over the cap was retried (\(caps.count) tries)")
    switch error.withLock({ $0 }) {
    case .invalidResponse? where !endpoint.movesMoney: break
    case .unknownOutcome? where endpoint.movesMoney: break
    case let other:
        preconditionFailure("\(endpoint), HTTP \(status), \(body.count) bytes: \(String(describing: other))")
    }
    return 0
}
