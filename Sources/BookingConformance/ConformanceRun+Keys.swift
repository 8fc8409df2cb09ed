import BookingPrimitives

extension ConformanceRun {
    /// `key-reuse`: a used key with another body is refused with 422
    /// `IDEMPOTENCY_KEY_REUSED`, for a hold and for a payment, and the
    /// other body never runs (the hold it names stays `HELD`; the lookup by
    /// key still names the first booking).
    func checkKeyReuse(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let held = try await hold()
        guard let firstHold = held.body["holdId"].stringValue, let key = held.idempotencyKey else { return }
        let other = try await nextOffer()
        let reusedHold = try await http.perform(
            .post(
                "/v1/holds", ["offerId": .string(other.offerId), "quoteId": .string(other.quoteId)], key: key,
                as: first))
        recorder.expect(
            Self.isRefusal(reusedHold, 422, "IDEMPOTENCY_KEY_REUSED"),
            "POST /v1/holds under a used key with another offer was not refused with 422 IDEMPOTENCY_KEY_REUSED",
            [held, reusedHold])
        let spare = try await hold()
        guard let spareHold = spare.body["holdId"].stringValue else { return }
        let paid = try await book(firstHold)
        guard let payKey = paid.idempotencyKey else { return }
        let reused = try await http.perform(.post("/v1/bookings", Self.payment(spareHold), key: payKey, as: first))
        recorder.expect(
            Self.isRefusal(reused, 422, "IDEMPOTENCY_KEY_REUSED"),
            "POST /v1/bookings under a used key with another hold was not refused with 422 IDEMPOTENCY_KEY_REUSED",
            [paid, reused])
        let after = try await http.perform(.get("/v1/holds/\(spareHold)", as: first))
        recorder.expect(
            after.body["state"].stringValue == "HELD",
            "the hold named in the reused key's other body is no longer HELD: the payment ran", [reused, after])
        let lookup = try await http.perform(.get("/v1/bookings?attempt=\(payKey)", as: first))
        recorder.expect(
            lookup.body["bookingId"] == paid.body["bookingId"],
            "the lookup by the reused key names another booking than the key's first answer", [paid, reused, lookup])
    }

    /// `key-in-use`: one payment sent four times at once under one key runs
    /// once: every answer is the one booking (first or replayed) or 409
    /// `IDEMPOTENCY_KEY_IN_USE`. The first send carries the sandbox's
    /// documented `Sandbox-Fault: delay-ms=800` and the others leave 0.2 s
    /// after it, so they meet it running; a server without the fault, or a
    /// machine too busy to keep that order, may let the first finish first,
    /// so a round without a collision is tried again with the gap and the
    /// delay widened (0.6 s and 1,600 ms, then 1.8 s and 3,200 ms; each
    /// round on a hold of its own), and the report says when none collided.
    func checkKeyInUse(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let rounds: [(gap: Double, delayMilliseconds: Int)] = [(0.2, 800), (0.6, 1_600), (1.8, 3_200)]
        for round in rounds {
            let collisions = try await payConcurrently(
                gap: round.gap, delayMilliseconds: round.delayMilliseconds, into: &recorder)
            guard collisions == 0, recorder.failures.isEmpty else { return }
        }
        recorder.note("409 IDEMPOTENCY_KEY_IN_USE not exercised: in 3 rounds every send came after the first finished")
    }

    /// One round of `key-in-use`: the first send delayed by the server
    /// `delayMilliseconds`, the others `gap` seconds after it; how many
    /// sends met the key in use.
    private func payConcurrently(
        gap: Double, delayMilliseconds: Int, into recorder: inout CheckRecorder
    ) async throws(CheckStop) -> Int {
        let held = try await hold()
        guard let holdId = held.body["holdId"].stringValue else { return 0 }
        let call = Call.post("/v1/bookings", Self.payment(holdId), key: newKey(), as: first)
        var slow = call
        slow.headers["Sandbox-Fault"] = "delay-ms=\(delayMilliseconds)"
        let http = self.http
        let slowSend = Task { try? await http.send(slow) }
        try await http.pause(seconds: gap)
        var answers: [Exchange] = []
        await withTaskGroup(of: Exchange?.self) { group in
            for _ in 0..<3 { group.addTask { try? await http.send(call) } }
            for await answer in group { answers += answer.map { [$0] } ?? [] }
        }
        if let answer = await slowSend.value { answers.insert(answer, at: 0) }
        let collisions = answers.filter { Self.isRefusal($0, 409, "IDEMPOTENCY_KEY_IN_USE") }
        let ran = answers.filter { !Self.isRefusal($0, 409, "IDEMPOTENCY_KEY_IN_USE") }
        guard let answer = ran.first else {
            throw CheckStop(message: "every send under the key was refused as in use", exchanges: answers)
        }
        recorder.expect(
            answer.status == 201 && answer.body["bookingId"].stringValue != nil,
            "the payment sent four times at once did not make a booking", answers)
        recorder.expect(
            ran.allSatisfy { $0.status == answer.status && $0.body == answer.body },
            "the payment sent four times at once under one key got different answers: it ran more than once",
            answers)
        let lookup = try await http.perform(.get("/v1/bookings?attempt=\(call.key ?? "")", as: first))
        recorder.expect(
            lookup.body["bookingId"] == answer.body["bookingId"],
            "the lookup by key names another booking than the answers", answers + [lookup])
        if !collisions.isEmpty {
            recorder.note("\(collisions.count) of \(answers.count) sends met the first one running: 409 IN_USE")
        }
        return collisions.count
    }

    /// `closed-key`: a key closed before use answers `CLOSED` (again when
    /// asked again), a payment under it is 409 `IDEMPOTENCY_KEY_CLOSED` and
    /// never runs (the hold stays `HELD`); closing a used key answers `USED`
    /// with the booking made under it.
    func checkClosedKey(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let held = try await hold()
        guard let holdId = held.body["holdId"].stringValue else { return }
        let key = newKey()
        let close = Call.post("/v1/bookings/close-key", ["idempotencyKey": .string(key)], key: nil, as: first)
        let closed = try await http.perform(close)
        recorder.expect(
            closed.status == 200 && closed.body["state"].stringValue == "CLOSED" && closed.body["booking"].isNull,
            "closing an unused key did not answer 200 CLOSED with no booking", [closed])
        let refused = try await http.perform(.post("/v1/bookings", Self.payment(holdId), key: key, as: first))
        recorder.expect(
            Self.isRefusal(refused, 409, "IDEMPOTENCY_KEY_CLOSED"),
            "a payment under a closed key was not refused with 409 IDEMPOTENCY_KEY_CLOSED", [closed, refused])
        let after = try await http.perform(.get("/v1/holds/\(holdId)", as: first))
        let stillHeld = after.body["state"].stringValue == "HELD"
        recorder.expect(
            stillHeld, "the hold paid under a closed key is no longer HELD: the payment ran", [closed, refused, after])
        let again = try await http.perform(close)
        recorder.expect(
            again.status == 200 && again.body["state"].stringValue == "CLOSED",
            "closing a closed key again did not answer CLOSED", [closed, again])
        guard stillHeld else { return }
        let paid = try await book(holdId)
        let used = try await http.perform(
            .post("/v1/bookings/close-key", ["idempotencyKey": .text(paid.idempotencyKey)], key: nil, as: first))
        recorder.expect(
            used.status == 200 && used.body["state"].stringValue == "USED"
                && used.body["booking"]["bookingId"] == paid.body["bookingId"],
            "closing a used key did not answer USED with the booking made under it", [paid, used])
    }

    /// Whether `exchange` is the refusal `status` with error code `code`.
    static func isRefusal(_ exchange: Exchange, _ status: Int, _ code: String) -> Bool {
        exchange.status == status && exchange.errorCode == code
    }
}
