import BookingAPI
import Foundation

extension ConformanceRun {
    /// The scenario of `unclear-answers` and `retry-after` (run once for
    /// both): a hold and its payment, each first sent with the sandbox's
    /// documented `Sandbox-Fault: unavailable`, which the sandbox answers
    /// with a 503 before anything runs (a server without it ignores the
    /// header and answers at once). Either way the two are then judged with
    /// every other 429 and 503 of the run (`judgeWatched`).
    func provokeWaitAnswers(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let first = stock.withLock { stock in
            defer { stock.provoked = true }
            return !stock.provoked
        }
        guard first else { return }
        let unavailable = ["Sandbox-Fault": "unavailable"]
        let offer = try await nextOffer()
        let held = try await http.perform(
            .post(
                "/v1/holds", ["offerId": .string(offer.offerId), "quoteId": .string(offer.quoteId)], key: newKey(),
                as: self.first),
            firstSendHeaders: unavailable)
        guard held.status == 201, let holdId = held.body["holdId"].stringValue else {
            throw CheckStop(message: "could not hold a room (201 with a holdId expected)", exchanges: [held])
        }
        _ = try await http.perform(
            .post("/v1/bookings", Self.payment(holdId), key: newKey(), as: self.first), firstSendHeaders: unavailable)
    }

    /// Judges every 429 and 503 the run met, for `unclear-answers` or `retry-after`.
    func judgeWatched(into recorder: inout CheckRecorder) {
        if recorder.check == .unclearAnswers {
            let unclear = http.unclearAnswers
            guard !unclear.isEmpty else {
                recorder.note("no keyed POST was answered 429 or 503 in this run")
                return
            }
            for answer in unclear {
                let status = answer.answer.status ?? 0
                if let lookup = answer.lookup {
                    recorder.expect(
                        lookup.status != 200 || lookup.body["bookingId"].isNull,
                        "a \(status) to a payment was followed by a lookup by key that found a booking: it had run",
                        [answer.answer, lookup])
                }
                if let resend = answer.resend {
                    recorder.expect(
                        !resend.replayed,
                        "a \(status) to a keyed POST was followed, under the same key, by a replayed "
                            + "answer: the request had run", [answer.answer, resend])
                }
            }
            recorder.note("\(unclear.count) answers of 429 or 503 to keyed POSTs followed up")
        } else {
            let waits = http.exchanges.filter { $0.status == 429 || $0.status == 503 }
            guard !waits.isEmpty else {
                recorder.note("no request was answered 429 or 503 in this run")
                return
            }
            let now = Int64(Date().timeIntervalSince1970)
            for wait in waits {
                recorder.expect(
                    wait.retryAfter.flatMap { RetryAfter.delay($0, nowUnixSeconds: now) } != nil,
                    "a \(wait.status ?? 0) came without a Retry-After of seconds or an HTTP-date", [wait])
            }
            recorder.note("\(waits.count) answers of 429 or 503 read")
        }
    }
}
