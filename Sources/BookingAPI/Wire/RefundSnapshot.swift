import BookingCore

/// The refund of a cancelled booking as the server answers it (the
/// contract's `Refund`), decoded strictly: a known state, an amount that is
/// never negative in an ISO 4217 currency, timestamps that parse. Whether
/// it agrees with its booking (only a cancelled booking has one, in the
/// booking's currency, never more than its total) is
/// `BookingSnapshot.refundContradiction`.
package struct RefundSnapshot: Decodable, Hashable, Sendable {
    /// The server's id of the refund (its ledger entry).
    package let refundId: String
    /// How much is given back.
    package let amount: Money
    /// Where it stands.
    package let state: Refund.State
    /// When it was asked for (`YYYY-MM-DDTHH:MM:SS.mmmZ`).
    package let createdAt: String
    /// When its state last changed, in milliseconds since 1970.
    package let updatedAtMilliseconds: Int64

    private enum CodingKeys: String, CodingKey {
        case refundId, amount, state, createdAt, updatedAt
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        refundId = try container.decode(String.self, forKey: .refundId)
        amount = try container.decode(Money.self, forKey: .amount)
        let text = try container.decode(String.self, forKey: .state)
        guard let state = Refund.State(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: container, debugDescription: "unknown refund state \(text)")
        }
        self.state = state
        createdAt = try container.decode(String.self, forKey: .createdAt)
        guard Timestamp.unixMilliseconds(createdAt) != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .createdAt, in: container, debugDescription: "not a timestamp: \(createdAt)")
        }
        let updatedAt = try container.decode(String.self, forKey: .updatedAt)
        guard let milliseconds = Timestamp.unixMilliseconds(updatedAt) else {
            throw DecodingError.dataCorruptedError(
                forKey: .updatedAt, in: container, debugDescription: "not a timestamp: \(updatedAt)")
        }
        updatedAtMilliseconds = milliseconds
    }

    /// The refund as the trip keeps it.
    package var refund: Refund {
        Refund(amount: amount, state: state, updatedAtMilliseconds: updatedAtMilliseconds)
    }
}

extension BookingSnapshot {
    /// What the refund contradicts, or nil: a refund only on a `CANCELLED`
    /// booking, in the booking's currency, and never more than its total.
    var refundContradiction: String? {
        guard let refund else { return nil }
        if state != .cancelled {
            return "booking \(bookingId) is \(state.rawValue) and carries a refund (only a cancelled booking has one)"
        }
        if refund.amount.currency != price.total.currency {
            return "booking \(bookingId) was paid in \(price.total.currency.rawValue) "
                + "and carries a refund in \(refund.amount.currency.rawValue)"
        }
        if refund.amount.minorUnits > price.total.minorUnits {
            return "booking \(bookingId) carries a refund of \(refund.amount.formatted), "
                + "more than its total \(price.total.formatted)"
        }
        return nil
    }
}
