import BookingCore
import Foundation

/// Every answer checked against what was asked. A server (or anything on the
/// way) that answers about another offer, quote, hold, booking or key is
/// broken: its answer is an `APIError`, never applied. On the payment, such
/// an answer says nothing about the payment that was sent, so its outcome is
/// unknown (the attempt is looked up by its own key): never confirmed, never
/// declined.
///
/// The wire has no account field on holds or bookings (the bearer token
/// scopes every answer); only the sandbox's ledger names its account.
enum AnswerCheck {
    /// A hold asked for `offer` at `quote` (`POST /v1/holds`).
    static func hold(_ hold: HoldSnapshot, offer: OfferID, quote: QuoteID) throws(APIError) -> HoldSnapshot {
        guard hold.offerId == offer, hold.quoteId == quote else {
            throw .invalidResponse(
                "a hold of offer \(hold.offerId) at quote \(hold.quoteId) answered a hold of offer \(offer) at quote \(quote)"
            )
        }
        return hold
    }

    /// The hold a `POST /v1/holds` named, read again by its id (its answer
    /// replayed after a retry, or too bad to use): of `offer` at `quote`,
    /// or at the quote of a coupon code applied to it since (the hold
    /// re-quoted on purpose: the same hold, not another quote's).
    static func holdReadAgain(_ hold: HoldSnapshot, offer: OfferID, quote: QuoteID) throws(APIError) -> HoldSnapshot {
        guard hold.couponCode != nil, hold.offerId == offer else {
            return try Self.hold(hold, offer: offer, quote: quote)
        }
        return hold
    }

    /// A hold read by its id (`GET /v1/holds/{id}`).
    static func hold(_ hold: HoldSnapshot, id: HoldID) throws(APIError) -> HoldSnapshot {
        guard hold.holdId == id else { throw .invalidResponse("hold \(hold.holdId) answered a read of hold \(id)") }
        return hold
    }

    /// The account's live holds (`GET /v1/holds`): at most 20, each once,
    /// each `HELD` with time left and no booking.
    static func liveHolds(_ holds: [HoldSnapshot]) throws(APIError) -> [HoldSnapshot] {
        guard holds.count <= 20 else { throw .invalidResponse("the server listed \(holds.count) live holds, over 20") }
        var seen: Set<HoldID> = []
        for hold in holds {
            guard seen.insert(hold.holdId).inserted else {
                throw .invalidResponse("the server listed hold \(hold.holdId) twice among the live holds")
            }
            guard hold.state == .held, hold.expiresInMs > 0, hold.bookingId == nil else {
                throw .invalidResponse(
                    "the server listed hold \(hold.holdId) among the live holds, \(hold.state.rawValue) with "
                        + "\(hold.expiresInMs) ms left" + (hold.bookingId.map { " and booking \($0)" } ?? ""))
            }
        }
        return holds
    }

    /// The payment's answer (`POST /v1/bookings`): a booking of the hold paid,
    /// made under the key sent.
    static func payment(_ booking: BookingSnapshot, hold: HoldID, key: IdempotencyKey) throws(APIError)
        -> BookingSnapshot
    {
        guard booking.holdId == hold, booking.idempotencyKey == key else {
            throw .unknownOutcome(
                "the answer is booking \(booking.bookingId) of hold \(booking.holdId) under another key or hold than the payment of hold \(hold)"
            )
        }
        return booking
    }

    /// A booking looked up by the key it was made under (`GET /v1/bookings?attempt=`).
    static func booking(_ booking: BookingSnapshot, key: IdempotencyKey) throws(APIError) -> BookingSnapshot {
        guard booking.idempotencyKey == key else {
            throw .invalidResponse("booking \(booking.bookingId) of another key answered a lookup by key")
        }
        return booking
    }

    /// A booking read or cancelled by its id; a cancellation moves money, so
    /// an answer about another booking leaves its outcome unknown.
    static func booking(_ booking: BookingSnapshot, id: BookingID, movesMoney: Bool = false) throws(APIError)
        -> BookingSnapshot
    {
        guard booking.bookingId == id else {
            let detail = "booking \(booking.bookingId) answered a request about booking \(id)"
            throw movesMoney ? .unknownOutcome(detail) : .invalidResponse(detail)
        }
        return booking
    }

    /// Why a booking's 3-D Secure page (`nextAction.url`) is refused, or
    /// nil when it may be opened: https anywhere, or plain http on the
    /// server's own host when that host is this machine (the sandbox's page;
    /// `ServerAddress` allows plain http only to loopback, and any port of
    /// this machine is as trusted as the one the API is on). Anything else
    /// (`javascript:`, `file:`, `data:`, plain http elsewhere) is never
    /// shown as the bank's page.
    static func challengeRefusal(_ url: String, server: ServerAddress) -> String? {
        let refusal = "its 3-D Secure page \(url.debugDescription) is neither https nor on the server's own origin"
        guard let page = URLComponents(string: url), let scheme = page.scheme?.lowercased(),
            let host = page.host?.lowercased(), !host.isEmpty, page.user == nil, page.password == nil
        else { return refusal }
        if scheme == "https" { return nil }
        let serverHost = server.baseURL.host?.lowercased()
        let ownHost = scheme == "http" && host == serverHost && ServerAddress.isLoopback(host)
        return ownHost ? nil : refusal
    }

    /// The sandbox's ledger, of the account the `sk_test_<name>` key names.
    static func ledger(_ report: LedgerReport, apiKey: String) throws(APIError) -> LedgerReport {
        let prefix = "sk_test_"
        guard apiKey.hasPrefix(prefix) else { return report }
        let account = String(apiKey.dropFirst(prefix.count))
        guard report.account == account else {
            throw .invalidResponse("the ledger of account \(report.account) answered for account \(account)")
        }
        return report
    }
}
