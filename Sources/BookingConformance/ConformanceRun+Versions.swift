import BookingPrimitives

extension ConformanceRun {
    /// `versions`: a booking's version never moves backwards across the
    /// answers and reads of one booking's life (pay, read, modify, cancel,
    /// read), each change moves it forward, and a cancel or modification
    /// at a stale version is refused (409 `VERSION_CONFLICT`,
    /// `VERSION_CHANGED`) with the current version.
    func checkVersions(into recorder: inout CheckRecorder) async throws(CheckStop) {
        let held = try await hold()
        guard let holdId = held.body["holdId"].stringValue else { return }
        let paid = try await book(holdId)
        guard let bookingId = paid.body["bookingId"].stringValue, var current = paid.body["version"].intValue else {
            throw CheckStop(message: "the booking came without a version", exchanges: [paid])
        }
        var seen: [Exchange] = [paid]
        let read = Call.get("/v1/bookings/\(bookingId)", as: first)
        seen.append(try await http.perform(read))
        seen.append(try await http.perform(read))
        let quoted = try await quoteNewDates(bookingId)
        if quoted.status == 201, let quoteId = quoted.body["quoteId"].stringValue {
            let body: JSONValue = ["quoteId": .string(quoteId), "version": .int(current)]
            let path = "/v1/bookings/\(bookingId)/modifications"
            let modified = try await http.perform(.post(path, body, key: newKey(), as: first))
            let moved = modified.body["booking"]["version"].intValue ?? 0
            recorder.expect(
                modified.status == 200 && moved > current, "a modification did not move the version forward",
                [paid, modified])
            current = max(current, moved)
            seen.append(modified)
            let stale = try await http.perform(.post(path, body, key: newKey(), as: first))
            recorder.expect(
                Self.isRefusal(stale, 409, "VERSION_CHANGED"),
                "a modification at a stale version was not refused with 409 VERSION_CHANGED", [modified, stale])
            seen.append(try await http.perform(read))
        } else {
            recorder.note("stale modification not exercised: the quote answered \(quoted.summary)")
        }
        let cancelPath = "/v1/bookings/\(bookingId)/cancel"
        if current > 1 {
            let stale = try await http.perform(
                .post(cancelPath, ["version": .int(current - 1)], key: newKey(), as: first))
            recorder.expect(
                Self.isRefusal(stale, 409, "VERSION_CONFLICT") && stale.body["error"]["version"].intValue == current,
                "a cancel at a stale version was not refused with 409 VERSION_CONFLICT and the current version",
                [stale])
        } else {
            recorder.note("stale cancel not exercised: the booking never moved past version 1")
        }
        let cancelled = try await http.perform(.post(cancelPath, ["version": .int(current)], key: newKey(), as: first))
        recorder.expect(
            cancelled.status == 200 && (cancelled.body["version"].intValue ?? 0) > current,
            "a cancel at the current version did not move the version forward", [cancelled])
        seen.append(cancelled)
        seen.append(try await http.perform(read))
        expectForward(seen, into: &recorder)
    }

    /// Every version in `exchanges` (in order) is at least the one before.
    private func expectForward(_ exchanges: [Exchange], into recorder: inout CheckRecorder) {
        var highest: (Int64, Exchange)?
        for exchange in exchanges {
            guard let version = exchange.body["version"].intValue ?? exchange.body["booking"]["version"].intValue
            else { continue }
            if let (top, at) = highest, version < top {
                recorder.expect(false, "the version went back from \(top) to \(version)", [at, exchange])
            }
            if version >= (highest?.0 ?? 0) { highest = (version, exchange) }
        }
        recorder.expect(highest != nil, "no answer carried a version", exchanges)
    }
}
