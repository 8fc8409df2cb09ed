import BookingPrimitives
import Foundation

extension ConformanceRun {
    /// The stay every hold is for: 2 nights, 60 days from today (UTC).
    static let stayStart = 60
    /// Where a modification moves the stay: 2 nights, 75 days from today.
    static let movedStayStart = 75

    /// `YYYY-MM-DD`, `days` from today (UTC).
    static func date(daysFromToday days: Int) -> String {
        let today = Int(Date().timeIntervalSince1970 / 86_400)
        let day = CivilCalendar.day(daysSince1970: today + days)
        let pad = { (value: Int, width: Int) in
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(pad(day.year, 4))-\(pad(day.month, 2))-\(pad(day.day, 2))"
    }

    /// The next unused offer, listing offers first if needed: places from
    /// suggestions for a few common letters, then their offers for the stay.
    func nextOffer() async throws(CheckStop) -> (offerId: String, quoteId: String) {
        if !stock.withLock({ $0.listed }) {
            do {
                try await listOffers()
            } catch {
                stock.withLock { $0.listingFailure = error }
                throw error
            }
        }
        if let failure = stock.withLock({ $0.listingFailure }) {
            throw CheckStop(message: "no offer to hold (see the first check): \(failure.message)", exchanges: [])
        }
        let offer = stock.withLock { stock in stock.offers.isEmpty ? nil : stock.offers.removeFirst() }
        guard let offer else {
            throw CheckStop(message: "every offer the server listed for the stay is used", exchanges: [])
        }
        return offer
    }

    private func listOffers() async throws(CheckStop) {
        stock.withLock { $0.listed = true }
        var places: [String] = []
        var tried: [Exchange] = []
        for letter in ["l", "a", "o", "e", "s"] where places.isEmpty {
            let answer = try await http.perform(.get("/v1/places/suggest?q=\(letter)", as: first))
            tried.append(answer)
            guard answer.status != nil else { break }
            places = answer.body["items"].items.compactMap { $0["placeId"].stringValue }
        }
        guard !places.isEmpty else {
            throw CheckStop(message: "the server suggested no place to look for offers in", exchanges: tried)
        }
        let checkIn = Self.date(daysFromToday: Self.stayStart)
        let checkOut = Self.date(daysFromToday: Self.stayStart + 2)
        for place in places.prefix(3) where stock.withLock({ $0.offers.count < 30 }) {
            let query =
                "/v1/offers?placeId=\(ConformanceHTTP.queryValue(place))&checkIn=\(checkIn)&checkOut=\(checkOut)"
                + "&guests=2&limit=50"
            let answer = try await http.perform(.get(query, as: first))
            tried.append(answer)
            let offers = answer.body["items"].items.compactMap { item -> (String, String)? in
                guard let offer = item["offerId"].stringValue, let quote = item["quoteId"].stringValue else {
                    return nil
                }
                return (offer, quote)
            }
            stock.withLock { $0.offers += offers.map { (offerId: $0.0, quoteId: $0.1) } }
        }
        guard stock.withLock({ !$0.offers.isEmpty }) else {
            throw CheckStop(message: "the server listed no offers for \(checkIn) to \(checkOut)", exchanges: tried)
        }
    }

    /// Holds a room (the next offer whose quote still stands) under a new key.
    func hold(as account: Account? = nil, headers: [String: String] = [:]) async throws(CheckStop) -> Exchange {
        var tried: [Exchange] = []
        for _ in 0..<3 {
            let offer = try await nextOffer()
            var call = Call.post(
                "/v1/holds", ["offerId": .string(offer.offerId), "quoteId": .string(offer.quoteId)], key: newKey(),
                as: account ?? first)
            call.headers = headers
            let answer = try await http.perform(call)
            if answer.status == 201, answer.body["holdId"].stringValue != nil { return answer }
            tried.append(answer)
            guard answer.errorCode == "PRICE_CHANGED" || answer.errorCode == "SOLD_OUT" else { break }
        }
        throw CheckStop(message: "could not hold a room (201 with a holdId expected)", exchanges: tried)
    }

    /// The body of a payment of `holdId` with the test token `token`.
    static func payment(_ holdId: String, _ token: String = "tok_visa") -> JSONValue {
        ["holdId": .string(holdId), "paymentToken": .string(token)]
    }

    /// Pays `holdId` with `tok_visa` under a new key and expects a booking.
    func book(_ holdId: String, as account: Account? = nil) async throws(CheckStop) -> Exchange {
        let answer = try await http.perform(
            .post("/v1/bookings", Self.payment(holdId), key: newKey(), as: account ?? first))
        guard answer.status == 201, answer.body["bookingId"].stringValue != nil else {
            throw CheckStop(
                message: "could not pay a hold with tok_visa (201 with a bookingId expected)",
                exchanges: [answer])
        }
        return answer
    }
}
