import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// The waits the flow schedules on its own, per run of checks, for I7 (and
/// the lookups' back-off): each no longer than the schedule's cap, never
/// shorter than the one before, and no more of them than the schedule has.
struct ScheduleWatch {
    var polls = BackOffRun(noun: "poll", cap: .seconds(8), limit: BackoffSchedule.processingPoll.checkCount)
    var lookups = BackOffRun(noun: "lookup", cap: .seconds(60), limit: BackoffSchedule.lostAnswer.checkCount)

    mutating func reset() {
        polls.waits = []
        lookups.waits = []
    }
}

extension Simulation {
    /// Checks one transition of a process's flow (I3 for the flow, I7 for its waits).
    func checkTransition(
        from before: BookingFlow.State, to next: BookingFlow.State, event: BookingFlow.Event,
        effects: [BookingFlow.Effect], lane: ClientLane
    ) {
        let observations = world.observations
        if before.stage.isFinal, event.attemptID != nil, next.stage != before.stage {
            observations.violation("I3 final stage \(before.stage.name) moved to \(next.stage.name) on \(event.name)")
        }
        if before.stage.attemptID == next.stage.attemptID, let old = before.stage.version, let new = next.stage.version,
            new < old
        {
            observations.violation("I3 the flow's version moved back from \(old) to \(new) on \(event.name)")
        }
        if let attempt = next.stage.attemptID, let message = next.message, Self.saysNothingCharged(message) {
            observations.saidNotCharged(attempt.rawValue, "\(next.stage.name): \(message)")
        }
        if case .failed(let failed) = next.stage, failed.reason == .bookedElsewhere, before.stage != next.stage {
            observations.saidBookedElsewhere(
                .init(lane: lane.role.rawValue, attemptID: failed.attempt.id.rawValue, key: failed.attempt.key.rawValue)
            )
        }
        if event.attemptID == nil || before.stage.attemptID != next.stage.attemptID { lane.schedule.reset() }
        for effect in effects {
            switch effect {
            case .pollBooking(_, _, let wait):
                if wait == .zero {
                    lane.schedule.polls.waits = []
                    continue
                }
                lane.schedule.polls.add(wait).forEach(observations.violation)
            case .lookUpAttempt(_, _, let wait):
                if wait == .zero {
                    // At once: a new question (a tap, a restore, a resend's
                    // stored error, an ended hold), so a new run of lookups.
                    lane.schedule.lookups.waits = []
                    continue
                }
                if case .unknown(let stage) = before.stage, case .holdRead(_, let hold, _, _) = event,
                    stage.checks + 1 >= BackoffSchedule.lostAnswer.checkCount
                {
                    // The schedule is used up and the hold still runs: one
                    // lookup at the hold's end (a second after it), never later.
                    if wait != hold.expiresIn + .seconds(1) {
                        observations.violation("I7 a lookup waits \(wait), not the hold's end (\(hold.expiresIn))")
                    }
                    lane.schedule.lookups.waits = []
                    continue
                }
                lane.schedule.lookups.add(wait).forEach(observations.violation)
            case .pay:
                if case .actionRequired = before.stage {
                    observations.violation("I7 a payment effect while 3-D Secure is pending")
                }
            default:
                break
            }
        }
    }

    /// I3 on the file: no attempt row moves backwards or leaves a final
    /// status. I9: at most one attempt in a hold phase.
    /// With a second identity on the directory, each data space is read:
    /// I9 per space, I3 over both.
    func checkAttemptRows() {
        var rows: [String: AttemptFileReader.Row] = [:]
        for reader in world.spaceReaders {
            let space = reader.rows()
            let holding = space.values.filter { ["HOLD_REQUESTED", "HELD"].contains($0.status) }.map(\.attemptID)
                .sorted()
            if holding.count > 1 {
                world.observations.violation(
                    "I9 \(holding.count) attempts in a hold phase at once: \(holding.joined(separator: ", "))")
            }
            rows.merge(space) { first, _ in first }
        }
        for (id, old) in snapshot {
            guard let new = rows[id] else {
                world.observations.violation("I3 attempt \(id) disappeared from booking_attempt")
                continue
            }
            if Self.isFinal(old.status) {
                if new.status != old.status || new.version != old.version {
                    world.observations.violation(
                        "I3 final attempt \(id) moved from \(old.status) v\(old.version) to \(new.status) v\(new.version)"
                    )
                }
            } else if new.version < old.version
                || (new.version == old.version && Self.rank(new.status) < Self.rank(old.status))
            {
                world.observations.violation(
                    "I3 attempt \(id) moved back from \(old.status) v\(old.version) to \(new.status) v\(new.version)")
            }
        }
        snapshot = rows
    }

    /// I11: at most one live server hold per chain of attempts per account,
    /// across devices. Of the rooms the server keeps for the account, those
    /// a device knows of (saved with an attempt in either device's file)
    /// are at most one per chain, besides the ones being given up (a release
    /// saved in either file, its answer not yet in: sent again until it is)
    /// and the ones a payment being settled uses (each its own chain,
    /// settled by its key: payments being settled are not limited). A chain
    /// is a device's attempts, each new one superseding the last: a hold
    /// belongs to the chain of the device whose attempt made it (the key of
    /// its `POST /v1/holds`, as the server stored it), and a hold both
    /// devices know of counts once. A takeover on the other device
    /// continues that chain; once the maker has moved on (its attempts on
    /// the hold ended, as when the other device's payment made it refuse
    /// its own) and only the other device's attempt keeps the hold (held,
    /// as after that payment was abandoned), the hold is that device's.
    /// A hold whose answer never reached any device is not counted: no
    /// device can name it (it runs out on the server).
    func checkLiveHolds() {
        let live = world.serverHolds.liveHolds(nowMilliseconds: world.clock.unixMilliseconds)
        guard live.count > 1 else { return }
        let devices = world.deviceReaders
        var counted = live.intersection(devices.reduce(into: Set<String>()) { $0.formUnion($1.reader.holdIDs()) })
        for (_, reader) in devices {
            counted.subtract(reader.openReleases())
            counted.subtract(reader.paymentPhaseHolds())
        }
        guard counted.count > 1 else { return }
        var chains: [String: [String]] = [:]
        if devices.count == 1 {
            chains["app"] = Array(counted)
        } else {
            let keys = world.serverHolds.creatingKeys(of: counted)
            let known = devices.map {
                (name: $0.name, reader: $0.reader, holds: $0.reader.holdIDs(), kept: $0.reader.keptHolds())
            }
            for hold in counted {
                // The device that made it, if its attempt learned the hold;
                // else the device that took it over (the maker's answer was
                // lost: the maker cannot name it, and the other device's
                // attempt on it starts its own chain).
                let maker = keys[hold].flatMap { key in known.first { $0.reader.status(forKey: key) != nil } }
                // The other device's, once only its attempt keeps the hold.
                let keepers = known.filter { $0.kept.contains(hold) }
                let taken = maker.map { !$0.kept.contains(hold) } == true && keepers.count == 1 ? keepers.first : nil
                let chain =
                    taken ?? maker.flatMap { $0.holds.contains(hold) ? $0 : nil }
                    ?? known.first { $0.holds.contains(hold) }
                chains[chain?.name ?? "unknown \(hold)", default: []].append(hold)
            }
        }
        for (chain, holds) in chains.sorted(by: { $0.key < $1.key }) where holds.count > 1 {
            let of = devices.count == 1 ? "" : " (the \(chain)'s chain)"
            world.observations.violation(
                "I11 \(holds.count) live server holds the device knows of and does not give up\(of): \(holds.sorted().joined(separator: ", "))"
            )
        }
    }

    static func isFinal(_ status: String) -> Bool {
        ["CONFIRMED", "FAILED", "EXPIRED", "CANCELLED", "ABANDONED"].contains(status)
    }

    static func rank(_ status: String) -> Int {
        ["HOLD_REQUESTED", "HELD", "PAYMENT_SUBMITTED", "ACTION_REQUIRED", "PROCESSING"].firstIndex(of: status) ?? 5
    }

    /// Faults stop; once the last wait the server asked for (a `Retry-After`
    /// the clients keep in `cache.sqlite`) has run out, the app launches with
    /// the server reachable and I10 is checked at the end of the hold's
    /// lifetime plus the schedules;
    /// everything in flight settles; the second process's last command
    /// ends; the app launches once more (reconcile, then trip sync); then
    /// I1, I2 and I8 are checked with the server, and I10 on the rows.
    func finish() async {
        stopFaults()
        await releaseStorageFaults()
        // Told before the faults stopped, up to an hour: a launch inside it
        // sends nothing, and its flow's lookups, refused on the device, run
        // out their schedule and wait for a tap (seeds 139, 193, 210 failed
        // I10 so: a gap in the flow, not in the check's premise).
        if let wait = world.rememberedRetryAfter(), wait > world.scheduler.now {
            await runTimers(until: wait)
        }
        process?.die(at: "faults stopped")
        await relaunch()
        // The second device, if it was ever opened, launches too.
        if let device, let live = device.live {
            live.die(at: "faults stopped")
            await relaunch(device)
        }
        await runTimers(until: world.scheduler.now + settleTime)
        checkTheFlowsAttemptEnded()
        await runTimers(until: world.scheduler.now + .seconds(6 * 3600))
        if let cli { _ = end(cli) }
        for lane in [app] + (device.flatMap { $0.live == nil ? nil : [$0] } ?? []) {
            lane.live?.die(at: "final launch")
            await relaunch(lane)
            await runTimers(until: world.scheduler.now + .seconds(6 * 3600))
            let sync = await start(on: lane) { process in
                _ = try? await process.client.syncTrips()
            }
            await runUntil(sync)
        }
        checkAttemptRows()
        checkTripVersions()
        checkEveryAttemptRowEnded()
        await checkServer()
        await checkTripsSettled()
    }

    /// How long an attempt may take to end with the server reachable: the
    /// hold's lifetime, the lookups' and the polls' schedules, and a minute
    /// for retries and the lookup at the hold's end.
    var settleTime: Duration {
        .milliseconds(settings.holdTTLMilliseconds) + BackoffSchedule.lostAnswer.totalWait
            + BackoffSchedule.processingPoll.totalWait + .seconds(60)
    }

    /// I10 on the flow: launched with the server reachable, the app's
    /// attempt is final within `settleTime`, or waits for the user (3-D
    /// Secure, which the user may never answer).
    func checkTheFlowsAttemptEnded() {
        for lane in [app] + (device.map { [$0] } ?? []) where lane.live != nil {
            let stage = lane.state.stage
            guard stage.attemptID != nil, !stage.isFinal else { continue }
            switch stage {
            case .actionRequired, .priceChanged: continue
            case .processing(let s) where s.isStillChecking: continue  // 3-D Secure the user left open
            default:
                let whose = lane.role == .app ? "app's" : "second device's"
                world.observations.violation(
                    "I10 the \(whose) attempt is still \(stage.name) \(settleTime) after a launch with the server reachable"
                )
            }
        }
    }

    /// I10 on the file: after the last launch, no attempt is left in a
    /// payment phase with nothing to wait for (a 3-D Secure challenge the
    /// user never answered is the only wait left).
    func checkEveryAttemptRowEnded() {
        for (_, reader) in world.deviceReaders {
            for row in reader.rows().values.sorted(by: { $0.attemptID < $1.attemptID })
            where ["HOLD_REQUESTED", "HELD", "PAYMENT_SUBMITTED", "PROCESSING"].contains(row.status) {
                world.observations.violation("I10 attempt \(row.attemptID) is still \(row.status) at the end")
            }
        }
    }

    private func checkServer() async {
        let observations = world.observations
        do {
            let ledger = try await world.inspector.sandboxLedger()
            for (key, count) in ledger.chargesByIdempotencyKey where count > 1 {
                observations.violation("I1 key \(key) was charged \(count) times")
            }
            for (hold, count) in ledger.chargesByHold where count > 1 {
                observations.violation("I1 hold \(hold) was charged \(count) times")
            }
            let bookings = try await world.inspector.bookings()
            checkOneBookingPerStay(bookings)
            for (name, reader) in world.deviceReaders {
                checkChargedAttempts(ledger, rows: reader.rows())
                let trips = reader.tripBookingIDs()
                let rows = reader.rows().values
                let trip = name == "app" ? "trip" : "the second device's trip"
                for booking in bookings where booking.state == .confirmed {
                    if !trips.contains(booking.bookingId.rawValue) {
                        observations.violation("I2 confirmed booking \(booking.bookingId) is not in \(trip)")
                    }
                    if let row = rows.first(where: { $0.key == booking.idempotencyKey.rawValue }),
                        row.status != "CONFIRMED"
                    {
                        observations.violation(
                            "I2 attempt \(row.attemptID) says \(row.status) but the server confirmed \(booking.bookingId)"
                        )
                    }
                }
            }
            if device != nil { checkSecondDevice(ledger, bookings: bookings) }
            if world.second != .same { try await checkSecondSpace(appBookings: bookings) }
        } catch {
            observations.violation("CHECK the server could not be asked: \(error)")
        }
    }

    /// With another account or server on the directory: I1 and I8 for its
    /// own space (its ledger, its file), and I17, each space settled only
    /// against its own server and account: no key is in both files, and
    /// every booking each server holds for each account was made under a
    /// key of that account's space.
    private func checkSecondSpace(appBookings: [BookingSnapshot]) async throws {
        let observations = world.observations
        let ledger = try await world.secondInspector.sandboxLedger()
        for (key, count) in ledger.chargesByIdempotencyKey where count > 1 {
            observations.violation("I1 key \(key) was charged \(count) times (\(world.second.rawValue))")
        }
        let secondRows = world.secondAttempts.rows()
        checkChargedAttempts(ledger, rows: secondRows)
        let appKeys = Set(world.attempts.rows().values.map(\.key))
        let secondKeys = Set(secondRows.values.map(\.key))
        for key in appKeys.intersection(secondKeys).sorted() {
            observations.violation("I17 key \(key) is saved in both data spaces")
        }
        for booking in appBookings where !appKeys.contains(booking.idempotencyKey.rawValue) {
            observations.violation(
                "I17 the app's account has booking \(booking.bookingId) under key \(booking.idempotencyKey), "
                    + "not of the app's data space")
        }
        for booking in try await world.secondInspector.bookings()
        where !secondKeys.contains(booking.idempotencyKey.rawValue) {
            observations.violation(
                "I17 the \(world.second.rawValue) has booking \(booking.bookingId) under key "
                    + "\(booking.idempotencyKey), not of its data space")
        }
    }

    /// I16 (the outside round's I13): at most one confirmed booking per
    /// stay (a property's room on two dates, as the server names them in
    /// its bookings) unless the traveller, told the stay was booked
    /// already, held it again on purpose. The sandbox's offers name no
    /// room, and the client then asks about any room of the property on
    /// those dates: each such confirmation allows one more booking of any
    /// room of the property on the dates.
    ///
    /// With a second device, across both: the client asks before a Hold
    /// about the stays its own trips hold, and its payment asks the server
    /// to refuse a stay the account booked on any device
    /// (`ifStayNotBooked`, 409 `STAY_ALREADY_BOOKED`) unless the traveller
    /// held it again on purpose.
    private func checkOneBookingPerStay(_ bookings: [BookingSnapshot]) {
        var confirmed: [String: (count: Int, dates: String)] = [:]
        for booking in bookings where booking.state == .confirmed {
            let dates = Self.stay(booking.property.name, booking.checkIn, booking.checkOut)
            let stay = "\(dates) / \(booking.room.name)"
            confirmed[stay, default: (0, dates)].count += 1
        }
        let onPurpose = world.observations.staysBookedAgainOnPurpose
        for (stay, seen) in confirmed.sorted(by: { $0.key < $1.key }) {
            let told = 1 + onPurpose[seen.dates, default: 0]
            guard seen.count > told else { continue }
            world.observations.violation(
                "I16 \(seen.count) confirmed bookings of one stay (\(stay)), "
                    + "\(onPurpose[seen.dates, default: 0]) booked again on purpose")
        }
    }

    /// One stay's name: the property and the dates.
    static func stay(_ property: String, _ checkIn: CalendarDate, _ checkOut: CalendarDate) -> String {
        "\(property) / \(checkIn)...\(checkOut)"
    }

    /// I8: an attempt whose key the ledger charged (and did not refund) is
    /// never let go on the device: not `ABANDONED`, `FAILED` or `EXPIRED`.
    /// I12, the same for what the user is told: no screen ever said that an
    /// attempt whose key the ledger charged charged nothing (or sent
    /// nothing), at any moment of the run.
    private func checkChargedAttempts(_ ledger: LedgerReport, rows: [String: AttemptFileReader.Row]) {
        let charged = Set(ledger.entries.filter { $0.kind == "charge" }.map(\.idempotencyKey))
        let refunded = Set(ledger.entries.filter { $0.kind == "refund" }.map(\.bookingId))
        let kept = Set(
            ledger.entries.filter { $0.kind == "charge" && !refunded.contains($0.bookingId) }.map(\.idempotencyKey))
        let rows = rows.values.sorted(by: { $0.attemptID < $1.attemptID })
        for row in rows where kept.contains(row.key) && ["ABANDONED", "FAILED", "EXPIRED"].contains(row.status) {
            world.observations.violation(
                "I8 attempt \(row.attemptID) was charged (key \(row.key)) but says \(row.status)")
        }
        let claims = world.observations.notChargedClaims
        for row in rows where charged.contains(row.key) {
            if let said = claims[row.attemptID] {
                world.observations.violation(
                    "I12 attempt \(row.attemptID) was charged (key \(row.key)) but the screen said \"\(said)\"")
            }
        }
    }

    /// Whether a screen's message tells the user that nothing was charged
    /// or nothing was sent.
    static func saysNothingCharged(_ message: String) -> Bool {
        let text = message.lowercased()
        return text.contains("nothing was charged") || text.contains("nothing was sent")
    }
}
