import BookingCore
import Foundation

/// The booking API as Swift: every endpoint of the contract, strict decoding,
/// the Idempotency-Key on every POST, per-call timeouts and retries by
/// `OutcomePolicy`.
///
/// Every answer's body is capped by its endpoint (`BodyLimit`: 64 KiB for a
/// hold or a booking, 1 MiB for a page of offers or bookings, ...): reading
/// stops at the cap, and a larger answer is a bad answer from the server
/// (`APIError.invalidResponse`; on a payment or a cancellation
/// `unknownOutcome`), never "offline".
///
/// A value type holding only `Sendable` parts: share it freely.
package struct BookingAPIClient: Sendable {
    /// The server.
    package let server: ServerAddress
    /// The configuration.
    package let configuration: APIConfiguration
    private let apiKey: String
    private let executor: RetryExecutor
    /// Told why an answer was refused as untrustworthy (a bank page that is
    /// neither https nor the server's own, a body that cannot be read),
    /// before the refusal is thrown: a payment's is an unknown outcome, and
    /// the command line says the reason at once instead of only "could not
    /// confirm".
    package var onRefusedAnswer: (@Sendable (String) -> Void)?

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - apiKey: the account's bearer token (`sk_test_<name>` on the sandbox).
    ///   - transport: `URLSessionTransport()` for real HTTP.
    ///   - sleeper: how retries wait (`TaskSleeper()` for real time).
    ///   - wallClockSeconds: the wall clock, read only to turn an HTTP-date
    ///     `Retry-After` into a wait.
    ///   - retryAfterMemory: where the server's last `Retry-After` outlives
    ///     this process (read now, written on each one received); `nil`
    ///     keeps it in this client only.
    ///   - keyLifetimeMemory: told the server's `Idempotency-Key-Lifetime`
    ///     on every answer that has one (`KeyLifetime`); `nil` reads none.
    package init(
        server: ServerAddress, apiKey: String, transport: any Transport,
        configuration: APIConfiguration = APIConfiguration(),
        sleeper: any Sleeper = TaskSleeper(),
        wallClockSeconds: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) },
        retryAfterMemory: (any RetryAfterMemory)? = nil, keyLifetimeMemory: (any KeyLifetimeMemory)? = nil
    ) {
        self.server = server
        self.apiKey = apiKey
        self.configuration = configuration
        executor = RetryExecutor(
            transport: transport, policy: configuration.policy, sleeper: sleeper, wallClockSeconds: wallClockSeconds,
            memory: retryAfterMemory, keyLifetimeMemory: keyLifetimeMemory)
    }

    // MARK: Search

    /// `GET /v1/places/suggest?q=`.
    package func suggestPlaces(_ text: String) async throws(APIError) -> [PlaceSuggestion] {
        struct List: Decodable { let items: [PlaceSuggestion] }
        return try await get(
            "/v1/places/suggest", query: [("q", text)], limit: BodyLimit.suggestions, as: List.self
        ).items
    }

    /// `GET /v1/offers?placeId=&checkIn=&checkOut=&guests=&cursor=` and the
    /// `filters` (`minPrice`, `maxPrice`, `minStars`, `freeCancellation`) as
    /// query parameters of their names, in name order.
    package func offers(
        placeID: String, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int, cursor: String? = nil,
        filters: [String: String] = [:]
    )
        async throws(APIError) -> OfferPage
    {
        var query = [
            ("placeId", placeID), ("checkIn", checkIn.description), ("checkOut", checkOut.description),
            ("guests", String(guests)),
        ]
        query += filters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        if let cursor { query.append(("cursor", cursor)) }
        return try await get("/v1/offers", query: query, limit: BodyLimit.offers, as: OfferPage.self)
    }

    /// A map viewport's box as the server reads it: `minLon,minLat,maxLon,maxLat`.
    package typealias BoundingBox = (
        minLongitude: Double, minLatitude: Double, maxLongitude: Double, maxLatitude: Double
    )

    /// `GET /v1/offers?bbox=minLon,minLat,maxLon,maxLat&...`: the offers in a map viewport.
    package func offers(boundingBox: BoundingBox, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int)
        async throws(APIError) -> OfferPage
    {
        try await get(
            "/v1/offers", query: Self.boxQuery(boundingBox, checkIn: checkIn, checkOut: checkOut, guests: guests),
            limit: BodyLimit.offers, as: OfferPage.self)
    }

    /// `GET /v1/offers/pins?bbox=&zoom=&...`: the properties in a map
    /// viewport with a room for the stay, grouped by `zoom` (0...20) on the
    /// server, each group with its lowest total. The box never crosses the
    /// antimeridian (minLongitude <= maxLongitude).
    package func offerPins(
        boundingBox: BoundingBox, zoom: Int, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int
    ) async throws(APIError) -> PinGroupList {
        try await get(
            "/v1/offers/pins",
            query: Self.boxQuery(boundingBox, checkIn: checkIn, checkOut: checkOut, guests: guests) + [
                ("zoom", String(zoom))
            ],
            limit: BodyLimit.offers, as: PinGroupList.self)
    }

    /// The box and the stay as query parameters. Degrees are written with
    /// at most 9 decimals and never in exponent form (`1e-05` is no
    /// decimal to the server).
    private static func boxQuery(_ box: BoundingBox, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int)
        -> [(String, String)]
    {
        let degrees = [box.minLongitude, box.minLatitude, box.maxLongitude, box.maxLatitude].map { value in
            var text = String(format: "%.9f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text == "-0" ? "0" : text
        }
        return [
            ("bbox", degrees.joined(separator: ",")), ("checkIn", checkIn.description),
            ("checkOut", checkOut.description), ("guests", String(guests)),
        ]
    }

    // MARK: Holds

    /// `POST /v1/holds {offerId, quoteId}` with the attempt's key.
    ///
    /// A replayed answer (`Idempotent-Replayed: true`, after a retry) is the
    /// stored original, whose `expiresInMs` is stale: the hold is read again,
    /// so a countdown never shows more time than the server grants.
    ///
    /// - Throws: `APIError.invalidResponse` when the answer holds another
    ///   offer or quote than asked (a hold read again may carry the quote
    ///   of a coupon code applied to it since).
    package func createHold(offer: OfferID, quote: QuoteID, key: IdempotencyKey) async throws(APIError) -> HoldSnapshot
    {
        let response = try await send(
            "POST", "/v1/holds", body: ["offerId": offer.rawValue, "quoteId": quote.rawValue], key: key, kind: .hold,
            timeout: configuration.holdTimeout, limit: BodyLimit.hold)
        let decoded: HoldSnapshot
        do {
            decoded = try decode(HoldSnapshot.self, from: response.body, kind: .hold)
        } catch {
            // A bad answer that still names a valid hold (an expiry out of
            // range, say): the server may hold the room, so the hold is
            // read by its id; a read as bad is the bad answer.
            guard let named = try? JSONWire.decode(HoldName.self, from: response.body) else { throw error }
            return try AnswerCheck.holdReadAgain(try await self.hold(named.holdId), offer: offer, quote: quote)
        }
        let hold = try AnswerCheck.hold(decoded, offer: offer, quote: quote)
        guard response.header("Idempotent-Replayed")?.lowercased() == "true" else { return hold }
        return try AnswerCheck.holdReadAgain(try await self.hold(hold.holdId), offer: offer, quote: quote)
    }

    /// `GET /v1/holds/{id}`: the hold read again (it may have been extended, or expired).
    ///
    /// - Throws: `APIError.invalidResponse` when the answer is another hold.
    package func hold(_ id: HoldID) async throws(APIError) -> HoldSnapshot {
        try AnswerCheck.hold(
            try await get("/v1/holds/\(Self.pathSegment(id.rawValue))", limit: BodyLimit.hold, as: HoldSnapshot.self),
            id: id)
    }

    // MARK: Bookings

    /// `POST /v1/bookings {holdId, paymentToken, returnUrl?, guest?, ifStayNotBooked?}` with the attempt's key: the payment.
    /// `returnURL` is where the bank's 3-D Secure page sends the browser
    /// back (`{bookingId}` in it is replaced by the booking's id), for
    /// example `https://example.com/bookings/{bookingId}/3ds-return`.
    ///
    /// A lost answer, a timeout, a 5xx or 3xx, or an answer about another
    /// hold or key ends in `APIError.unknownOutcome`: look the attempt up with
    /// `booking(forAttempt:)`, never resend blindly.
    ///
    /// - Parameters:
    ///   - ifStayNotBooked: the contract's condition: pay only if the
    ///     account has no booking of the hold's stay yet (made on any
    ///     device), else `.final(.rejected(409, "STAY_ALREADY_BOOKED"))`
    ///     naming that booking, nothing charged. Sent unless the traveller
    ///     asked for a second room.
    ///   - proceed: asked before each try (the first included); a
    ///     `false` stops the call: `.final(.notSent)` before the first try,
    ///     `.unknownOutcome` after one (it may have arrived).
    package func createBooking(
        hold: HoldID, paymentToken: PaymentToken, key: IdempotencyKey, returnURL: String? = nil,
        guest: GuestDetails? = nil, ifStayNotBooked: Bool = false, proceed: (@Sendable () async -> Bool)? = nil
    ) async throws(APIError) -> BookingSnapshot {
        var body: [String: any Sendable] = ["holdId": hold.rawValue, "paymentToken": paymentToken.rawValue]
        body["returnUrl"] = returnURL
        body["guest"] = guest.map(Self.guestBody)
        if ifStayNotBooked { body["ifStayNotBooked"] = true }
        let response = try await send(
            "POST", "/v1/bookings", body: body, key: key, kind: .payment, timeout: configuration.payTimeout,
            limit: BodyLimit.booking, proceed: proceed)
        let booking = try decode(BookingSnapshot.self, from: response.body, kind: .payment)
        return try AnswerCheck.payment(booking, hold: hold, key: key)
    }

    /// The contract's `Guest` object: the given fields only.
    static func guestBody(_ guest: GuestDetails) -> [String: String] {
        var body = ["name": guest.name, "email": guest.email]
        body["phone"] = guest.phone
        body["specialRequest"] = guest.specialRequest
        body["arrivalTime"] = guest.arrivalTime
        return body
    }

    /// `GET /v1/holds`: the account's live holds, made on any device.
    ///
    /// - Throws: `APIError.invalidResponse` when the list is not what the
    ///   contract promises: more than 20 holds, one twice, or one that is
    ///   not `HELD` with time left and no booking. A hold of another
    ///   account cannot be told from the list; reading it by its id
    ///   (`hold(_:)`, a 404 then) does.
    package func liveHolds() async throws(APIError) -> [HoldSnapshot] {
        let page = try await get("/v1/holds", limit: BodyLimit.holdPage, as: HoldPage.self)
        return try AnswerCheck.liveHolds(page.items)
    }

    /// `GET /v1/bookings/{id}`.
    ///
    /// - Throws: `APIError.invalidResponse` when the answer is another booking.
    package func booking(_ id: BookingID) async throws(APIError) -> BookingSnapshot {
        try AnswerCheck.booking(
            try await get(
                "/v1/bookings/\(Self.pathSegment(id.rawValue))", limit: BodyLimit.booking, as: BookingSnapshot.self),
            id: id)
    }

    /// `GET /v1/bookings?attempt=<key>`: the booking made under this key, or
    /// nil when the server made none (the payment never arrived).
    ///
    /// - Throws: `APIError.invalidResponse` when the answer was made under another key.
    package func booking(forAttempt key: IdempotencyKey) async throws(APIError) -> BookingSnapshot? {
        let booking: BookingSnapshot
        do {
            booking = try await get(
                "/v1/bookings", query: [("attempt", key.rawValue)], limit: BodyLimit.booking, as: BookingSnapshot.self)
        } catch .notFound {
            return nil
        }
        return try AnswerCheck.booking(booking, key: key)
    }

    /// `GET /v1/bookings`: every booking of the account, all pages.
    ///
    /// - Throws: `APIError.invalidResponse` when the server names a cursor
    ///   it already gave, or still has more after `pageLimit` pages: a list
    ///   that never ends is a broken server, never a complete list.
    package func bookings(pageLimit: Int = 100) async throws(APIError) -> [BookingSnapshot] {
        var all: [BookingSnapshot] = []
        var cursor: String?
        var seen: Set<String> = []
        for _ in 0..<pageLimit {
            var query: [(String, String)] = []
            if let cursor { query.append(("cursor", cursor)) }
            let page = try await get("/v1/bookings", query: query, limit: BodyLimit.bookingPage, as: BookingPage.self)
            all += page.items
            guard let next = page.nextCursor else { return all }
            guard seen.insert(next).inserted else {
                throw .invalidResponse("the server gave the cursor \(next) twice: its list of bookings never ends")
            }
            cursor = next
        }
        throw .invalidResponse("the server's list of bookings goes on past \(pageLimit) pages")
    }

    /// `POST /v1/bookings/{id}/cancel {version}` with its own key.
    ///
    /// An answer about another booking leaves the refund unknown (`APIError.unknownOutcome`).
    package func cancel(_ id: BookingID, version: Version, key: IdempotencyKey) async throws(APIError)
        -> BookingSnapshot
    {
        let booking = try await post(
            "/v1/bookings/\(Self.pathSegment(id.rawValue))/cancel", body: ["version": version.rawValue],
            key: key, kind: .cancellation, timeout: configuration.cancelTimeout, limit: BodyLimit.booking,
            as: BookingSnapshot.self)
        return try AnswerCheck.booking(booking, id: id, movesMoney: true)
    }

    // MARK: The switch

    /// `GET /v1/payment-methods`: which payment method kinds the server
    /// takes now (the kill switch). Retried like any read: the caller
    /// bounds its wait and keeps its last value when this fails.
    ///
    /// - Throws: `APIError.invalidResponse` for a malformed document, or one
    ///   that names another origin than this client's server.
    package func paymentMethods() async throws(APIError) -> PaymentMethodsSnapshot {
        let snapshot = try await get(
            "/v1/payment-methods", limit: BodyLimit.paymentMethods, as: PaymentMethodsSnapshot.self)
        guard snapshot.origin == server.origin else {
            throw .invalidResponse(
                "the payment-method switch names the origin \(snapshot.origin.prefix(100)), not \(server.origin)")
        }
        return snapshot
    }

    // MARK: Sandbox only

    /// `GET /v1/sandbox/ledger`: every charge of the account (sandbox only).
    package func sandboxLedger() async throws(APIError) -> LedgerReport {
        try AnswerCheck.ledger(
            try await get("/v1/sandbox/ledger", limit: BodyLimit.ledger, as: LedgerReport.self), apiKey: apiKey)
    }

    /// `POST /v1/sandbox/challenges/{bookingId}`: completes a 3-D Secure
    /// challenge as the bank page would (sandbox only).
    package func completeChallenge(_ id: BookingID, pass: Bool) async throws(APIError) {
        _ = try await post(
            "/v1/sandbox/challenges/\(Self.pathSegment(id.rawValue))",
            body: ["result": pass ? "pass" : "fail"], key: nil, kind: .read,
            timeout: configuration.readTimeout, limit: BodyLimit.challenge, as: Ignored.self)
    }

    // MARK: Plumbing

    private struct Ignored: Decodable {}

    /// Only the id of a hold answer, when the rest cannot be read.
    private struct HoldName: Decodable, WireConsistency {
        let holdId: HoldID
        var contradiction: String? { ContractID.violation(holdId.rawValue, "holdId") }
    }

    func get<T: Decodable>(
        _ path: String, query: [(String, String)] = [], limit: Int, as type: T.Type, timeout: Duration? = nil
    ) async throws(APIError) -> T {
        let request = TransportRequest(
            method: "GET", url: server.url(path: path, query: query), headers: headers(key: nil),
            timeout: timeout ?? configuration.readTimeout, maximumBodyBytes: limit)
        let response = try await executor.execute(request, kind: .read)
        return try decode(type, from: response.body, kind: .read)
    }

    func post<T: Decodable>(
        _ path: String, body: [String: any Sendable], key: IdempotencyKey?, kind: RequestKind, timeout: Duration,
        limit: Int, as type: T.Type
    ) async throws(APIError) -> T {
        let response = try await send("POST", path, body: body, key: key, kind: kind, timeout: timeout, limit: limit)
        return try decode(type, from: response.body, kind: kind)
    }

    private func send(
        _ method: String, _ path: String, body: [String: any Sendable], key: IdempotencyKey?, kind: RequestKind,
        timeout: Duration, limit: Int, proceed: (@Sendable () async -> Bool)? = nil
    ) async throws(APIError) -> TransportResponse {
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        } catch {
            throw .final(.rejected(status: 0, errorCode: "CLIENT_ENCODING"), nil)
        }
        var fields = headers(key: key)
        fields["Content-Type"] = "application/json"
        let request = TransportRequest(
            method: method, url: server.url(path: path), headers: fields, body: data, timeout: timeout,
            maximumBodyBytes: limit)
        return try await executor.execute(request, kind: kind, proceed: proceed)
    }

    private func headers(key: IdempotencyKey?) -> [String: String] {
        var fields = ["Authorization": "Bearer \(apiKey)", "Accept": "application/json"]
        if let key { fields["Idempotency-Key"] = key.rawValue }
        return fields
    }

    private func decode<T: Decodable>(_ type: T.Type, from body: Data, kind: RequestKind) throws(APIError) -> T {
        let value: T
        do {
            value = try JSONWire.decode(type, from: body)
        } catch {
            let reason = JSONWire.explain(error)
            onRefusedAnswer?("unreadable answer: \(reason)")
            // A 2xx on a payment whose body cannot be read: money may have
            // moved, so it is an unknown outcome, never a failure.
            throw kind.movesMoney ? .unknownOutcome("unreadable answer: \(reason)") : .invalidResponse(reason)
        }
        let bookings = (value as? BookingSnapshot).map { [$0] } ?? (value as? BookingPage)?.items ?? []
        for booking in bookings {
            if let url = booking.nextAction?.url, let reason = AnswerCheck.challengeRefusal(url, server: server) {
                let detail = "booking \(booking.bookingId): \(reason)"
                onRefusedAnswer?(detail)
                throw kind.movesMoney ? .unknownOutcome("unreadable answer: \(detail)") : .invalidResponse(detail)
            }
        }
        return value
    }

    /// An id as one path segment: anything outside unreserved characters is
    /// percent-encoded, so an id can never add a segment.
    static func pathSegment(_ id: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
