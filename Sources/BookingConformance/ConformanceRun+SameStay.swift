import BookingPrimitives

extension ConformanceRun {
    /// `same-stay`: a payment sent with the condition `ifStayNotBooked:
    /// true` for a stay the account has booked through another hold is
    /// `409 STAY_ALREADY_BOOKED` naming that booking, and books nothing
    /// (the second hold is still `HELD`). The client sends the condition
    /// for every payment the traveller did not ask to be a second room:
    /// a server that ignores it books the stay twice from two devices.
    func checkSameStay(into recorder: inout CheckRecorder) async throws(CheckStop) {
        guard let (first, second) = try await twoHoldsOfOneStay(into: &recorder) else { return }
        let paid = try await book(first)
        let payment: JSONValue = [
            "holdId": .string(second), "paymentToken": .string("tok_visa"), "ifStayNotBooked": .bool(true),
        ]
        let refused = try await http.perform(.post("/v1/bookings", payment, key: newKey(), as: self.first))
        recorder.expect(
            Self.isRefusal(refused, 409, "STAY_ALREADY_BOOKED") && Self.isError(refused)
                && refused.body["error"]["bookingId"] == paid.body["bookingId"],
            "a payment with ifStayNotBooked of a stay the account booked was not 409 STAY_ALREADY_BOOKED naming it",
            [paid, refused])
        let read = try await http.perform(.get("/v1/holds/\(second)", as: self.first))
        recorder.expect(
            read.body["state"].stringValue == "HELD",
            "the hold whose payment was refused as a stay booked already is not HELD", [refused, read])
    }

    /// Two holds of one offer (two rooms of one stay), from the first of
    /// three offers that has two rooms left; nil, noted, when none has.
    private func twoHoldsOfOneStay(into recorder: inout CheckRecorder) async throws(CheckStop) -> (String, String)? {
        var tried: [String] = []
        for _ in 0..<3 {
            let held = try await hold()
            guard let holdId = held.body["holdId"].stringValue, let offerId = held.body["offerId"].stringValue,
                let quoteId = held.body["quoteId"].stringValue
            else {
                throw CheckStop(message: "the hold's answer names no offerId and quoteId", exchanges: [held])
            }
            let again = try await http.perform(
                .post(
                    "/v1/holds", ["offerId": .string(offerId), "quoteId": .string(quoteId)], key: newKey(),
                    as: first))
            if again.status == 201, let second = again.body["holdId"].stringValue { return (holdId, second) }
            tried.append(again.summary)
        }
        recorder.note("not exercised: no offer could be held twice (\(tried.joined(separator: "; ")))")
        return nil
    }
}
