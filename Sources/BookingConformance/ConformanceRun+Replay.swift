import BookingPrimitives

extension ConformanceRun {
    /// `replay`: every POST that moves money or rooms (hold, extend, pay,
    /// modify, cancel, release), sent twice with one key and one body,
    /// answers the second time what it answered the first, marked
    /// `Idempotent-Replayed: true`.
    func checkReplay(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let offer = try await nextOffer()
        let holdCall = Call.post(
            "/v1/holds", ["offerId": .string(offer.offerId), "quoteId": .string(offer.quoteId)], key: newKey(),
            as: first)
        let held = try await http.perform(holdCall)
        guard held.status == 201, let holdId = held.body["holdId"].stringValue else {
            throw CheckStop(message: "could not hold a room (201 with a holdId expected)", exchanges: [held])
        }
        try await expectReplay(of: holdCall, firstAnswer: held, into: &recorder)
        let extend = Call.post("/v1/holds/\(holdId)/extend", .object([]), key: newKey(), as: first)
        try await expectReplay(of: extend, firstAnswer: try await http.perform(extend), into: &recorder)
        let pay = Call.post("/v1/bookings", Self.payment(holdId), key: newKey(), as: first)
        let paid = try await http.perform(pay)
        try await expectReplay(of: pay, firstAnswer: paid, into: &recorder)
        guard paid.status == 201, let bookingId = paid.body["bookingId"].stringValue,
            var version = paid.body["version"].intValue
        else {
            throw CheckStop(message: "could not pay a hold with tok_visa (201 expected)", exchanges: [paid])
        }
        if let modified = try await modify(bookingId, version: version, into: &recorder) { version = modified }
        let cancel = Call.post(
            "/v1/bookings/\(bookingId)/cancel", ["version": .int(version)], key: newKey(), as: first)
        try await expectReplay(of: cancel, firstAnswer: try await http.perform(cancel), into: &recorder)
        let release = Call.post("/v1/holds/\(holdId)/release", .object([]), key: newKey(), as: first)
        try await expectReplay(of: release, firstAnswer: try await http.perform(release), into: &recorder)
        recorder.note("replayed: POST /v1/holds, extend, /v1/bookings, modifications, cancel, release")
    }

    /// Quotes new dates for the booking and applies the quote twice under
    /// one key; the booking's new version, if the quote could be had.
    private func modify(
        _ bookingId: String, version: Int64, into recorder: inout CheckRecorder
    ) async throws(CheckStop) -> Int64? {
        let quoted = try await quoteNewDates(bookingId)
        guard quoted.status == 201, let quoteId = quoted.body["quoteId"].stringValue else {
            recorder.note("modifications not exercised: the quote answered \(quoted.summary)")
            return nil
        }
        let call = Call.post(
            "/v1/bookings/\(bookingId)/modifications", ["quoteId": .string(quoteId), "version": .int(version)],
            key: newKey(), as: first)
        let modified = try await http.perform(call)
        try await expectReplay(of: call, firstAnswer: modified, into: &recorder)
        return modified.body["booking"]["version"].intValue
    }

    /// `POST /v1/bookings/{id}/modification-quotes` for the moved stay.
    func quoteNewDates(_ bookingId: String) async throws(CheckStop) -> Exchange {
        let dates: JSONValue = [
            "checkIn": .string(Self.date(daysFromToday: Self.movedStayStart)),
            "checkOut": .string(Self.date(daysFromToday: Self.movedStayStart + 2)),
        ]
        return try await http.perform(
            .post("/v1/bookings/\(bookingId)/modification-quotes", dates, key: nil, as: first))
    }

    /// Sends `call` again and expects the first answer back, replayed.
    private func expectReplay(
        of call: Call, firstAnswer: Exchange, into recorder: inout CheckRecorder
    ) async throws(CheckStop) {
        let again = try await http.perform(call)
        let endpoint = "\(call.method) \(call.path)"
        recorder.expect(
            again.status == firstAnswer.status,
            "\(endpoint) sent again with the same key and body answered \(again.status.map(String.init) ?? "nothing"), "
                + "not the first answer's \(firstAnswer.status.map(String.init) ?? "nothing")",
            [firstAnswer, again])
        recorder.expect(
            again.body == firstAnswer.body, "\(endpoint) sent again answered another body than the first answer",
            [firstAnswer, again])
        recorder.expect(
            again.replayed, "\(endpoint) sent again came without Idempotent-Replayed: true", [firstAnswer, again])
    }
}
