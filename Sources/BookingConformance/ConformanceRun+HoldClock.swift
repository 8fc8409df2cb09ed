import BookingPrimitives

extension ConformanceRun {
    /// `hold-clock`: `expiresInMs` is a duration: it falls across reads by
    /// the time between them; an expired hold reads `EXPIRED` with 0 left
    /// and cannot be paid (a booking `EXPIRED`, or 409 `HOLD_EXPIRED`).
    ///
    /// A hold that runs out within 3 s is waited out; a longer one is
    /// released instead, which the contract says is refused as an expired
    /// hold from then on (no server offers a way to shorten a hold).
    func checkHoldClock(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let held = try await hold()
        guard let holdId = held.body["holdId"].stringValue, let left = held.body["expiresInMs"].intValue else {
            throw CheckStop(message: "the hold came without expiresInMs", exchanges: [held])
        }
        let read = Call.get("/v1/holds/\(holdId)", as: first)
        try await http.pause(seconds: 0.3)
        let firstRead = try await http.perform(read)
        try await http.pause(seconds: 0.3)
        let secondRead = try await http.perform(read)
        let atFirst = firstRead.body["expiresInMs"].intValue ?? left
        let atSecond = secondRead.body["expiresInMs"].intValue ?? atFirst
        recorder.expect(
            atFirst < left && atSecond < atFirst,
            "expiresInMs did not count down across reads (\(left), \(atFirst), \(atSecond))",
            [held, firstRead, secondRead])
        let fell = Double(atFirst - atSecond) / 1000
        let shortest = secondRead.sentAt - firstRead.answeredAt - 0.1
        let longest = secondRead.answeredAt - firstRead.sentAt + 0.1
        recorder.expect(
            fell >= shortest && fell <= longest,
            "expiresInMs fell \(fell) s between reads \(Self.rounded(shortest + 0.1))-\(Self.rounded(longest - 0.1)) s "
                + "apart: not a duration counting down",
            [firstRead, secondRead])
        if atSecond <= 3000 {
            try await http.pause(seconds: Double(atSecond) / 1000 + 0.2)
            recorder.note("the hold ran out on its own (\(atSecond) ms left)")
        } else {
            _ = try await http.perform(.post("/v1/holds/\(holdId)/release", .object([]), key: newKey(), as: first))
            recorder.note("a released hold stands for an expired one (\(atSecond / 1000) s were left)")
        }
        let ended = try await http.perform(read)
        recorder.expect(
            ended.body["state"].stringValue == "EXPIRED" && ended.body["expiresInMs"].intValue == 0,
            "the ended hold does not read EXPIRED with expiresInMs 0", [ended])
        let paid = try await http.perform(.post("/v1/bookings", Self.payment(holdId), key: newKey(), as: first))
        recorder.expect(
            (paid.status == 201 && paid.body["state"].stringValue == "EXPIRED")
                || Self.isRefusal(paid, 409, "HOLD_EXPIRED"),
            "paying an expired hold did not end EXPIRED (or 409 HOLD_EXPIRED)", [ended, paid])
    }

    static func rounded(_ seconds: Double) -> String {
        String(Double((seconds * 100).rounded()) / 100)
    }
}
