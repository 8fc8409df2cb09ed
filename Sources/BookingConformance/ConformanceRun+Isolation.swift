import BookingPrimitives

extension ConformanceRun {
    /// `isolation`: with a second account's key, none of the first
    /// account's holds (live or booked), bookings or keys can be read,
    /// listed, paid, replayed or closed: every read is 404, the booking is
    /// not in the second account's list, a payment of the first's live hold
    /// or under its key does not succeed, and closing its key answers
    /// `CLOSED` (a key the second account never used).
    func checkIsolation(into recorder: inout CheckRecorder) async throws(CheckStop) {
        guard let second else {
            recorder.note("no --second-api-key was given")
            return
        }
        let bookedHold = try await hold()
        let live = try await hold()
        guard let bookedId = bookedHold.body["holdId"].stringValue, let liveId = live.body["holdId"].stringValue
        else { return }
        let paid = try await book(bookedId)
        guard let bookingId = paid.body["bookingId"].stringValue, let key = paid.idempotencyKey else { return }
        for target in [
            "/v1/holds/\(liveId)", "/v1/holds/\(bookedId)", "/v1/bookings/\(bookingId)",
            "/v1/bookings?attempt=\(ConformanceHTTP.queryValue(key))",
        ] {
            let read = try await http.perform(.get(target, as: second))
            recorder.expect(read.status == 404, "the second account read the first account's \(target)", [read])
        }
        let list = try await http.perform(.get("/v1/bookings?limit=100", as: second))
        let listed = list.body["items"].items.contains { $0["bookingId"].stringValue == bookingId }
        recorder.expect(!listed, "the second account's bookings list the first account's booking", [paid, list])
        let payLive = try await http.perform(.post("/v1/bookings", Self.payment(liveId), key: newKey(), as: second))
        recorder.expect(!payLive.isSuccess, "the second account paid the first account's live hold", [live, payLive])
        let underKey = try await http.perform(.post("/v1/bookings", Self.payment(bookedId), key: key, as: second))
        recorder.expect(
            !underKey.isSuccess, "the second account's payment under the first account's key was answered with success",
            [paid, underKey])
        let close = try await http.perform(
            .post("/v1/bookings/close-key", ["idempotencyKey": .string(key)], key: nil, as: second))
        recorder.expect(
            close.body["state"].stringValue != "USED",
            "closing the first account's key from the second account answered USED", [paid, close])
    }
}
