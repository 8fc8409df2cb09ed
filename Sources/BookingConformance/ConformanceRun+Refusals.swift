import BookingPrimitives

extension ConformanceRun {
    /// `refusals`: the refusals the client decides by have the contract's
    /// shape: `{"error": {"code", "message"}}`, `PRICE_CHANGED` with the new
    /// `price` (a full breakdown) and `quoteId`, `SOLD_OUT`, a decline as a
    /// `FAILED` booking with `failure.code` `card_declined` and a
    /// `declineCode` (the hold stays payable), `HOLD_ALREADY_BOOKED` with the
    /// `bookingId` holding the room.
    func checkRefusals(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let offer = try await nextOffer()
        let staleQuote = offer.quoteId == "qt_0000000000000000" ? "qt_0000000000000001" : "qt_0000000000000000"
        let moved = try await http.perform(
            .post(
                "/v1/holds", ["offerId": .string(offer.offerId), "quoteId": .string(staleQuote)], key: newKey(),
                as: first))
        recorder.expect(
            Self.isRefusal(moved, 409, "PRICE_CHANGED") && Self.isError(moved)
                && Self.isPrice(moved.body["error"]["price"]) && moved.body["error"]["quoteId"].stringValue != nil,
            "a hold at a quote that is not the offer's was not 409 PRICE_CHANGED with the new price and quoteId",
            [moved])
        try await soldOut(into: &recorder)
        let held = try await hold()
        guard let holdId = held.body["holdId"].stringValue else { return }
        let declined = try await http.perform(
            .post("/v1/bookings", Self.payment(holdId, "tok_chargeDeclined"), key: newKey(), as: first))
        let failure = declined.body["failure"]
        recorder.expect(
            declined.status == 201 && declined.body["state"].stringValue == "FAILED"
                && failure["code"].stringValue == "card_declined" && failure["message"].stringValue != nil
                && failure["declineCode"].stringValue != nil,
            "tok_chargeDeclined did not answer a FAILED booking with failure.code card_declined and a declineCode",
            [declined])
        let paid = try await book(holdId)
        let again = try await http.perform(.post("/v1/bookings", Self.payment(holdId), key: newKey(), as: first))
        recorder.expect(
            Self.isRefusal(again, 409, "HOLD_ALREADY_BOOKED") && Self.isError(again)
                && again.body["error"]["bookingId"] == paid.body["bookingId"],
            "paying a booked hold again was not 409 HOLD_ALREADY_BOOKED naming the booking", [paid, again])
    }

    /// `SOLD_OUT`, through the sandbox's documented `Sandbox-Fault:
    /// sold-out`; a server without it holds the room (released at the end).
    private func soldOut(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let offer = try await nextOffer()
        var call = Call.post(
            "/v1/holds", ["offerId": .string(offer.offerId), "quoteId": .string(offer.quoteId)], key: newKey(),
            as: first)
        call.headers["Sandbox-Fault"] = "sold-out"
        let answer = try await http.perform(call)
        if answer.errorCode == "SOLD_OUT" {
            recorder.expect(
                answer.status == 409 && Self.isError(answer), "SOLD_OUT did not have the contract's shape", [answer])
        } else {
            recorder.note("SOLD_OUT not exercised: the server offers no documented way to force it (\(answer.summary))")
        }
    }

    /// `{"error": {"code": "...", "message": "..."}}`.
    static func isError(_ exchange: Exchange) -> Bool {
        exchange.body["error"]["code"].stringValue != nil && exchange.body["error"]["message"].stringValue != nil
    }

    /// A full price breakdown: nightly, taxes, fees and total as money, and nights.
    static func isPrice(_ value: JSONValue) -> Bool {
        let isMoney = { (money: JSONValue) in
            (money["amount"].intValue ?? -1) >= 0 && money["currency"].stringValue?.count == 3
        }
        return ["nightly", "taxes", "fees", "total"].allSatisfy { isMoney(value[$0]) }
            && (value["nights"].intValue ?? 0) >= 1
    }
}
