/// The sandbox's endpoints, matched from a method and a path.
enum Route: Equatable, Sendable {
    case suggestPlaces
    case offers
    /// `GET /v1/offers/pins`: a viewport's properties grouped by zoom.
    case offerPins
    case createHold
    /// `GET /v1/holds`: the account's live holds, made on any device.
    case liveHolds
    case hold(id: String)
    case extendHold(id: String)
    /// `POST /v1/holds/{holdId}/release`: a hold given up.
    case releaseHold(id: String)
    /// `POST /v1/holds/{holdId}/coupon`: a coupon code applied to a hold.
    case applyCoupon(id: String)
    case createBooking
    /// `POST /v1/bookings/close-key`: a key of `createBooking` closed.
    case closeBookingKey
    /// `GET /v1/bookings`, with `?attempt=` the recovery lookup.
    case listBookings
    case booking(id: String)
    case cancelBooking(id: String)
    /// `POST /v1/bookings/{bookingId}/cancellation-quotes`: a cancellation's refund quoted.
    case quoteCancellation(id: String)
    /// `POST /v1/bookings/{bookingId}/modification-quotes`: new dates priced.
    case quoteModification(id: String)
    /// `POST /v1/bookings/{bookingId}/modifications`: a quote applied.
    case modifyBooking(id: String)
    /// `POST /v1/bookings/{bookingId}/abandon`: a pending 3-D Secure left.
    case abandonBooking(id: String)
    case challenge(bookingId: String)
    case ledger
    case config
    /// `GET /v1/payment-methods`: the kill switch.
    case paymentMethods
    /// `POST /v1/sandbox/payment-methods`: a kind switched on or off.
    case setPaymentMethod
    /// `GET /v1/events`: the account's booking changes, waited for (the push channel).
    case events

    /// The endpoint name idempotency keys are scoped to (path ids are part
    /// of the request's parameters, not of the scope).
    var endpoint: String {
        switch self {
        case .suggestPlaces: return "GET /v1/places/suggest"
        case .offers: return "GET /v1/offers"
        case .offerPins: return "GET /v1/offers/pins"
        case .createHold: return "POST /v1/holds"
        case .liveHolds: return "GET /v1/holds"
        case .hold: return "GET /v1/holds/{holdId}"
        case .extendHold: return "POST /v1/holds/{holdId}/extend"
        case .releaseHold: return "POST /v1/holds/{holdId}/release"
        case .applyCoupon: return "POST /v1/holds/{holdId}/coupon"
        case .createBooking: return "POST /v1/bookings"
        case .closeBookingKey: return "POST /v1/bookings/close-key"
        case .listBookings: return "GET /v1/bookings"
        case .booking: return "GET /v1/bookings/{bookingId}"
        case .cancelBooking: return "POST /v1/bookings/{bookingId}/cancel"
        case .quoteCancellation: return "POST /v1/bookings/{bookingId}/cancellation-quotes"
        case .quoteModification: return "POST /v1/bookings/{bookingId}/modification-quotes"
        case .modifyBooking: return "POST /v1/bookings/{bookingId}/modifications"
        case .abandonBooking: return "POST /v1/bookings/{bookingId}/abandon"
        case .challenge: return "POST /v1/sandbox/challenges/{bookingId}"
        case .ledger: return "GET /v1/sandbox/ledger"
        case .config: return "GET /v1/sandbox/config"
        case .paymentMethods: return "GET /v1/payment-methods"
        case .setPaymentMethod: return "POST /v1/sandbox/payment-methods"
        case .events: return "GET /v1/events"
        }
    }

    /// Whether the route needs an `Idempotency-Key`.
    var isIdempotentPost: Bool {
        switch self {
        case .createHold, .extendHold, .releaseHold, .createBooking, .cancelBooking, .abandonBooking, .modifyBooking:
            return true
        default: return false
        }
    }

    /// Sandbox instruments (challenge, ledger, config) never get faults.
    var isSandboxInstrument: Bool {
        switch self {
        case .challenge, .ledger, .config, .setPaymentMethod: return true
        default: return false
        }
    }

    /// Why a request matched no route.
    enum Mismatch: Error, Equatable {
        case notFound
        case methodNotAllowed(allow: String)
    }

    /// The route for `method` and `path` (not percent-decoded; ids never
    /// need escaping, so an escaped id is simply not found).
    static func match(method: String, path: Substring) -> Result<Route, Mismatch> {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 3, segments[0].isEmpty, segments[1] == "v1",
            segments.dropFirst().allSatisfy({ !$0.isEmpty && $0.utf8.count <= 128 })
        else { return .failure(.notFound) }
        let parts = segments.dropFirst(2).map(String.init)
        let candidates: [(method: String, route: Route)]
        switch parts.count {
        case 1 where parts[0] == "offers": candidates = [("GET", .offers)]
        case 1 where parts[0] == "holds": candidates = [("GET", .liveHolds), ("POST", .createHold)]
        case 1 where parts[0] == "payment-methods": candidates = [("GET", .paymentMethods)]
        case 1 where parts[0] == "events": candidates = [("GET", .events)]
        case 1 where parts[0] == "bookings": candidates = [("GET", .listBookings), ("POST", .createBooking)]
        case 2 where parts == ["places", "suggest"]: candidates = [("GET", .suggestPlaces)]
        case 2 where parts == ["offers", "pins"]: candidates = [("GET", .offerPins)]
        case 2 where parts == ["sandbox", "ledger"]: candidates = [("GET", .ledger)]
        case 2 where parts == ["sandbox", "config"]: candidates = [("GET", .config)]
        case 2 where parts == ["sandbox", "payment-methods"]: candidates = [("POST", .setPaymentMethod)]
        case 2 where parts[0] == "holds": candidates = [("GET", .hold(id: parts[1]))]
        case 2 where parts == ["bookings", "close-key"]: candidates = [("POST", .closeBookingKey)]
        case 2 where parts[0] == "bookings": candidates = [("GET", .booking(id: parts[1]))]
        case 3 where parts[0] == "holds" && parts[2] == "extend": candidates = [("POST", .extendHold(id: parts[1]))]
        case 3 where parts[0] == "holds" && parts[2] == "release":
            candidates = [("POST", .releaseHold(id: parts[1]))]
        case 3 where parts[0] == "holds" && parts[2] == "coupon": candidates = [("POST", .applyCoupon(id: parts[1]))]
        case 3 where parts[0] == "bookings" && parts[2] == "cancel":
            candidates = [("POST", .cancelBooking(id: parts[1]))]
        case 3 where parts[0] == "bookings" && parts[2] == "cancellation-quotes":
            candidates = [("POST", .quoteCancellation(id: parts[1]))]
        case 3 where parts[0] == "bookings" && parts[2] == "modification-quotes":
            candidates = [("POST", .quoteModification(id: parts[1]))]
        case 3 where parts[0] == "bookings" && parts[2] == "modifications":
            candidates = [("POST", .modifyBooking(id: parts[1]))]
        case 3 where parts[0] == "bookings" && parts[2] == "abandon":
            candidates = [("POST", .abandonBooking(id: parts[1]))]
        case 3 where parts[0] == "sandbox" && parts[1] == "challenges":
            candidates = [("POST", .challenge(bookingId: parts[2]))]
        default: return .failure(.notFound)
        }
        if let match = candidates.first(where: { $0.method == method }) { return .success(match.route) }
        return .failure(.methodNotAllowed(allow: candidates.map(\.method).joined(separator: ", ")))
    }
}
