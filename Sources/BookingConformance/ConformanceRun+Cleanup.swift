import BookingPrimitives

extension ConformanceRun {
    /// Cancels every booking the run made that is still `CONFIRMED` (or
    /// abandons one waiting for 3-D Secure), then releases every hold it
    /// made; says what it could not.
    func cleanUp() async -> CleanupReport {
        var report = CleanupReport()
        let (holds, bookings) = http.created
        report.holdsCreated = holds.count
        report.bookingsCreated = bookings.count
        for (bookingId, account) in bookings {
            let state = await settle(bookingId, as: account)
            switch state {
            case "CANCELLED": report.bookingsCancelled += 1
            case "FAILED", "EXPIRED": report.bookingsEndedUnpaid += 1
            default: report.leftovers.append("booking \(bookingId) \(state)")
            }
        }
        for (holdId, account) in holds {
            let release = Call.post("/v1/holds/\(holdId)/release", .object([]), key: newKey(), as: account)
            let answer = try? await http.send(release, cleanup: true)
            if answer?.status == 200 {
                report.holdsReleased += 1
            } else if answer?.errorCode == "HOLD_ALREADY_BOOKED" {
                report.holdsBooked += 1
            } else {
                report.leftovers.append("hold \(holdId): " + (answer?.summary ?? "not released"))
            }
        }
        return report
    }

    /// Ends a booking if it is live; its state afterwards.
    private func settle(_ bookingId: String, as account: Account) async -> String {
        let read = try? await http.send(.get("/v1/bookings/\(bookingId)", as: account), cleanup: true)
        var state = read?.body["state"].stringValue ?? "unknown (\(read?.summary ?? "no answer"))"
        var version = read?.body["version"].intValue ?? 0
        for _ in 0..<2 {
            let action: (String, JSONValue)
            switch state {
            case "CONFIRMED": action = ("cancel", ["version": .int(version)])
            case "ACTION_REQUIRED": action = ("abandon", .object([]))
            default: return state
            }
            let call = Call.post("/v1/bookings/\(bookingId)/\(action.0)", action.1, key: newKey(), as: account)
            guard let answer = try? await http.send(call, cleanup: true) else { return state }
            if answer.isSuccess, let next = answer.body["state"].stringValue {
                state = next
            } else if let current = answer.body["error"]["version"].intValue {
                version = current
            } else {
                return state
            }
        }
        return state
    }
}
