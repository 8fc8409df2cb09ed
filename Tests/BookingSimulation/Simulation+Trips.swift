import BookingAPI
import BookingCore
@_spi(Testing) import BookingKit
import BookingPrimitives

/// The user's trips: a confirmed trip is sometimes cancelled or moved to
/// other dates (`BookingClient.cancel`, `modificationQuote`, `modify`),
/// with the process able to die at each boundary of the two (their seams).
/// Drawn from a stream of their own, so the booking flow's draws stay the
/// seed's.
extension Simulation {
    /// Percent of confirmed trips the user goes on to cancel or move.
    static let tripActionPercent = 13

    /// The seams of `lane`'s process of `generation` at the cancel and modify boundaries.
    func tripHooks(_ lane: ClientLane, generation: Int) -> TripHooks {
        TripHooks(
            cancel: { [weak self, weak lane] boundary in
                guard let self, let lane else { return false }
                return self.passTripBoundary(boundary.description, lane: lane, generation: generation)
            },
            modify: { [weak self, weak lane] boundary in
                guard let self, let lane else { return false }
                return self.passTripBoundary(boundary.description, lane: lane, generation: generation)
            })
    }

    /// One step of the trips: each confirmed trip seen for the first time
    /// is drawn for an action (`tripActionPercent`); a trip drawn is acted
    /// on, at this step or a later one, by the app: a cancel or a change of
    /// dates, each half the time. The work is run until it ends (its
    /// retries' waits on the virtual clock); a death on the way relaunches
    /// the app, whose launch settles what was left open.
    func tripStep(_ random: inout SimulationRandom) async {
        for trip in world.attempts.tripRows() where trip.status == BookingStatus.confirmed.rawValue {
            guard trips.decided.insert(trip.bookingID).inserted else { continue }
            if random.chance(Self.tripActionPercent) { trips.planned.append(trip.bookingID) }
        }
        guard !trips.planned.isEmpty, app.live != nil, random.chance(50) else { return }
        let id = BookingID(trips.planned.removeFirst())
        let before = try? await world.inspector.booking(id)
        let refusal = Locked<String?>(nil)
        let work: @Sendable (ClientProcess) async -> Void
        let change: (checkIn: CalendarDate, checkOut: CalendarDate)?
        if random.chance(50) {
            trips.cancelsDrawn += 1
            change = nil
            work = { process in
                do throws(BookingClientError) {
                    _ = try await process.client.cancel(id)
                } catch .cancel(.refused(_, let code, _, _)) {
                    refusal.withLock { $0 = code }
                } catch {
                    // Pending or not sent: the checks read what it left.
                }
            }
        } else {
            trips.changesDrawn += 1
            let checkIn = random.inRange(2...9)
            let nights = random.inRange(1...3)
            let accepts = random.chance(85)
            if accepts { trips.changesAccepted += 1 }
            guard let from = CalendarDate(year: 2026, month: 12, day: checkIn),
                let to = CalendarDate(year: 2026, month: 12, day: checkIn + nights)
            else { return }
            change = (from, to)
            // Onto the dates of another booking of the room: the traveller,
            // asked, wants the second room (I16 allows one more then).
            let observations = world.observations
            let stay = before.map { Self.stay($0.property.name, from, to) }
            work = { process in
                if let code = await Self.changeDates(
                    id, from: from, to: to, accepts: accepts, on: process.client,
                    bookedAgain: { if let stay { observations.bookedAgainOnPurpose(stay) } })
                {
                    refusal.withLock { $0 = code }
                }
            }
        }
        let done = await start(work)
        await runUntil(done)
        await afterQuiet()
        await drain()
        await checkTripMoney()
        if let code = refusal.withLock({ $0 }), let before {
            await checkRefusal(code, of: id, change: change, before: before)
        }
    }

    /// I18: the device says the server refused a cancellation or a change
    /// of dates only when the server did not make it: a refusal that came
    /// after the change ran (`refusedAfterCommit`) is read back first.
    private func checkRefusal(
        _ code: String, of id: BookingID, change: (checkIn: CalendarDate, checkOut: CalendarDate)?,
        before: BookingSnapshot
    ) async {
        guard let now = try? await world.inspector.booking(id) else {
            world.observations.violation("CHECK booking \(id) could not be read")
            return
        }
        if let change {
            let moved = now.checkIn == change.checkIn && now.checkOut == change.checkOut
            let wasThere = before.checkIn == change.checkIn && before.checkOut == change.checkOut
            if moved && !wasThere && now.version.rawValue > before.version.rawValue {
                world.observations.violation(
                    "I18 the device said the change of \(id) was refused (\(code)), but the server made it")
            }
        } else if now.state == .cancelled && before.state != .cancelled {
            world.observations.violation(
                "I18 the device said the cancellation of \(id) was refused (\(code)), but the server cancelled it")
        }
    }

    /// A change of dates as a screen makes it: the quote, then (if the user
    /// accepts) the change; an expired quote's new one is accepted once.
    /// Returns the server's code when the device said the change was refused.
    private static func changeDates(
        _ id: BookingID, from: CalendarDate, to: CalendarDate, accepts: Bool, on client: BookingClient,
        bookedAgain: @Sendable () -> Void
    ) async -> String? {
        let asked: ModificationQuoteSnapshot?
        do {
            asked = try await client.modificationQuote(for: id, checkIn: from, checkOut: to)
        } catch .alreadyBooked {
            bookedAgain()
            asked = try? await client.modificationQuote(for: id, checkIn: from, checkOut: to, bookingAgain: true)
        } catch {
            asked = nil
        }
        guard let quote = asked, accepts else { return nil }
        do {
            try await client.modify(quote)
        } catch .modify(.quoteExpired(_, let newQuote)) {
            do {
                try await client.modify(newQuote)
            } catch .modify(.refused(_, let code, _)) {
                return code
            } catch {}
        } catch .modify(.refused(_, let code, _)) {
            return code
        } catch {
            // Pending or not sent: the checks read what it left.
        }
        return nil
    }

    /// I14: a trip on the device never goes back a version, across steps
    /// and deaths (the highest version seen of each is kept).
    func checkTripVersions() {
        for trip in world.attempts.tripRows() {
            let highest = trips.highestVersion[trip.bookingID, default: trip.version]
            if trip.version < highest {
                world.observations.violation(
                    "I14 trip \(trip.bookingID) went back from v\(highest) to v\(trip.version) on the device")
            }
            trips.highestVersion[trip.bookingID] = max(highest, trip.version)
        }
    }

    /// I12 and I13 in the server's ledger: at most one refund per booking,
    /// at most one difference entry (charge or refund) per booking version.
    func checkTripMoney() async {
        let observations = world.observations
        guard let ledger = try? await world.inspector.sandboxLedger() else {
            observations.violation("CHECK the server's ledger could not be read")
            return
        }
        var refunds: [String: Int] = [:]
        for entry in ledger.entries where entry.kind == "refund" { refunds[entry.bookingId, default: 0] += 1 }
        for (booking, count) in refunds.sorted(by: { $0.key < $1.key }) where count > 1 {
            observations.violation("I12 booking \(booking) was refunded \(count) times")
        }
        for repeated in world.serverHolds.repeatedDifferences() {
            observations.violation("I13 a change of dates moved money more than once: \(repeated)")
        }
    }

    /// I15, at the end (after the last launch and the trip sync): no cancel
    /// or modify request is left open, and every trip on the device has the
    /// server's version and state.
    func checkTripsSettled() async {
        let observations = world.observations
        for open in world.attempts.openTripRequests() {
            observations.violation("I15 the \(open) request is still open at the end")
        }
        guard let bookings = try? await world.inspector.bookings() else {
            observations.violation("CHECK the server's bookings could not be read")
            return
        }
        let server = Dictionary(bookings.map { ($0.bookingId.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        for trip in world.attempts.tripRows() {
            guard let booking = server[trip.bookingID] else {
                observations.violation("I15 trip \(trip.bookingID) is on the device but not on the server")
                continue
            }
            if trip.version != booking.version.rawValue || trip.status != booking.state.rawValue {
                observations.violation(
                    "I15 trip \(trip.bookingID) is \(trip.status) v\(trip.version) on the device, "
                        + "\(booking.state.rawValue) v\(booking.version.rawValue) on the server")
            }
        }
        await checkTripMoney()
    }
}
