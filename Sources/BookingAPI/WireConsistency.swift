import BookingCore

/// An answer whose fields must agree with each other, as the contract says
/// (`Schema/api/openapi.yaml`): a value can be well typed field by field and
/// still say two things at once, such as a `FAILED` booking with a voucher.
/// `JSONWire.decode` refuses such an answer like a malformed one.
protocol WireConsistency {
    /// What contradicts what, or nil when the answer agrees with itself.
    var contradiction: String? { get }
}

extension BookingSnapshot: WireConsistency {
    /// The contract's `Booking`: ids and key in the contract's alphabet
    /// (`ContractID`), a version in `Version.contractRange`, `voucherCode`
    /// only while `CONFIRMED`,
    /// `nextAction` only while `ACTION_REQUIRED`, `failure` only when
    /// `FAILED` or `EXPIRED`.
    var contradiction: String? {
        let ids: [(String?, String)] = [(bookingId.rawValue, "bookingId"), (holdId.rawValue, "holdId")]
        if let bad = ContractID.firstViolation(ids)
            ?? ContractID.keyViolation(idempotencyKey.rawValue, "idempotencyKey")
        {
            return bad
        }
        if !Version.contractRange.contains(version.rawValue) {
            return "booking \(bookingId) has version \(version.rawValue), outside the contract's "
                + "\(Version.contractRange.lowerBound)...\(Version.contractRange.upperBound)"
        }
        if voucherCode != nil, state != .confirmed {
            return "booking \(bookingId) is \(state.rawValue) and carries a voucher (only a confirmed booking has one)"
        }
        if nextAction != nil, state != .actionRequired {
            return "booking \(bookingId) is \(state.rawValue) and asks for 3-D Secure (only ACTION_REQUIRED does)"
        }
        if failure != nil, state != .failed, state != .expired {
            return "booking \(bookingId) is \(state.rawValue) and carries a failure (only FAILED or EXPIRED do)"
        }
        if let bad = refundContradiction { return bad }
        if let bad = cancellation?.contradiction(checkIn: checkIn, total: price.total) {
            return "booking \(bookingId): \(bad)"
        }
        return nil
    }
}

extension BookingPage: WireConsistency {
    /// The first contradiction among the page's bookings.
    var contradiction: String? {
        items.lazy.compactMap(\.contradiction).first
    }
}

extension HoldSnapshot: WireConsistency {
    /// The contract's `Hold`: its ids in the contract's alphabet, its
    /// cancellation terms possible for its stay.
    var contradiction: String? {
        ContractID.firstViolation([
            (holdId.rawValue, "holdId"), (offerId.rawValue, "offerId"), (quoteId.rawValue, "quoteId"),
            (bookingId?.rawValue, "bookingId"),
        ]) ?? cancellation?.contradiction(checkIn: checkIn, total: price.total).map { "hold \(holdId): \($0)" }
    }
}

extension OfferPage: WireConsistency {
    /// The contract's `Offer`s: their ids in the contract's alphabet, each
    /// with cancellation terms possible for its stay (one bad offer
    /// refuses the page: nothing of it is cached).
    var contradiction: String? {
        items.lazy.compactMap { item in
            ContractID.firstViolation([(item.offerId.rawValue, "offerId"), (item.quoteId.rawValue, "quoteId")])
                ?? item.cancellation?.contradiction(checkIn: item.checkIn, total: item.price.total)
                .map { "offer \(item.offerId): \($0)" }
        }.first
    }
}
