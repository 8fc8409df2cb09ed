import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// The account's second device (issue 40, item 4): a `BookingClient` of the
/// same account and server as the app, on a data directory of its own,
/// over the same simulated network and sandbox, with its own seeded user.
/// It is made as the app's client is (`ClientProcess`, a `ClientLane` of
/// role `.device`), dies at effect boundaries as the app does and
/// relaunches (`relaunch`, `launchApp`, which keeps the launch's rooms held
/// elsewhere). At each step its user:
///
/// - opens the app, when it is not open (`launch()`: the rooms held
///   elsewhere are read);
/// - closes it and opens it again, or brings it back to the foreground and
///   reads the rooms held elsewhere (`returnedToApp()`, `holdsElsewhere()`);
/// - takes over a room held elsewhere (`takeOver`: an attempt of this
///   device saved on the hold, then the hold read), which it then pays as
///   any held room, or lets one go (`letGo`);
/// - or taps what its screen offers, as the app's user does (holds and pays
///   rooms of its own, completes 3-D Secure).
extension Simulation {
    /// One step of the second device's user.
    func secondDeviceStep(_ random: inout SimulationRandom, offers: [Offer]) async {
        guard let device, faultsEnabled else { return }
        guard device.live != nil else {
            if random.chance(60) { await reopen(device) }
            return
        }
        countDevice { $0.steps += 1 }
        if device.isPaused { return }
        let roll = random.below(100)
        if roll < 4 {
            await reopen(device)
        } else if roll < 18 {
            await bringToForeground(device)
        } else if !device.heldElsewhere.isEmpty, roll < 48 {
            let held = random.pick(device.heldElsewhere)
            device.heldElsewhere.removeAll { $0 == held }
            if random.chance(80) {
                await takeOver(held, on: device)
            } else {
                await letGo(held, on: device)
            }
        } else if let chosen = userTap(&random, offers: offers, state: device.state) {
            await tap(chosen, on: device)
        } else if case .actionRequired(let stage) = device.state.stage {
            await completeChallenge(stage, pass: random.chance(70), returns: random.chance(70), on: device)
        }
        await drain()
    }

    /// The device's user closes the app (if open) and opens it again: a new
    /// process on its files, launched (the rooms held elsewhere read).
    func reopen(_ lane: ClientLane) async {
        let generation = end(lane) ?? world.scheduler.newGeneration()
        guard await open(lane, generation: generation) else { return }
        await launchApp(lane)
    }

    /// Back in the foreground: `returnedToApp()`, then the rooms the
    /// account holds elsewhere read again, as an app's screen shows them.
    private func bringToForeground(_ lane: ClientLane) async {
        await tap(.returnedToApp, on: lane)
        guard lane.live != nil else { return }
        let read = Locked<[HeldElsewhere]?>(nil)
        let done = await start(on: lane) { process in
            let holds = try? await process.client.holdsElsewhere()
            read.withLock { $0 = holds }
        }
        await runUntil(done)
        await afterQuiet()
        countDevice { $0.foregrounds += 1 }
        if let holds = read.withLock({ $0 }) {
            lane.heldElsewhere = holds
            countDevice { $0.listed += holds.count }
        }
    }

    /// "Pay it here" on `held`: counted when the flow took it (its attempt
    /// is then remembered, for the takeovers paid).
    private func takeOver(_ held: HeldElsewhere, on lane: ClientLane) async {
        let offered = UserTap.takeOver(held).isOffered(in: lane.state)
        countDevice { $0.takeOversTapped += 1 }
        await tap(.takeOver(held), on: lane)
        guard offered, let attempt = lane.state.stage.attemptID else { return }
        countDevice { $0.takeOvers += 1 }
        takenOver.insert(attempt.rawValue)
    }

    /// Lets `held` go: saved, then its release sent (again by the next
    /// launch when not answered).
    private func letGo(_ held: HeldElsewhere, on lane: ClientLane) async {
        let letGo = Locked(false)
        let done = await start(on: lane) { process in
            do throws(BookingClientError) {
                try await process.client.letGo(held)
                letGo.withLock { $0 = true }
            } catch {
                // Not saved: nothing was sent.
            }
        }
        await runUntil(done)
        await afterQuiet()
        if letGo.withLock({ $0 }) { countDevice { $0.letGos += 1 } }
    }
}

extension Simulation {
    /// At the end, with a second device: I19, a device said a room was
    /// booked on another device (`.failed(.bookedElsewhere)`) only when the
    /// server has a booking on that attempt's hold under another key; and
    /// the figures of what the devices did with the account's holds.
    func checkSecondDevice(_ ledger: LedgerReport, bookings: [BookingSnapshot]) {
        let readers = Dictionary(world.deviceReaders, uniquingKeysWith: { first, _ in first })
        let claims = world.observations.bookedElsewhereClaims
        for claim in claims {
            let reader = claim.lane == "device" ? readers["device"] : readers["app"]
            guard let hold = reader?.holdID(ofAttempt: claim.attemptID) else {
                world.observations.violation(
                    "I19 attempt \(claim.attemptID) (\(claim.lane)) showed booked elsewhere with no hold saved")
                continue
            }
            if !bookings.contains(where: { $0.holdId.rawValue == hold && $0.idempotencyKey.rawValue != claim.key }) {
                world.observations.violation(
                    "I19 attempt \(claim.attemptID) (\(claim.lane)) showed booked elsewhere, "
                        + "but the server has no booking of hold \(hold) under another key")
            }
        }
        let deviceRows = readers["device"]?.rows() ?? [:]
        let paid = takenOver.filter { deviceRows[$0]?.status == "CONFIRMED" }.count
        let charges = ledger.chargesByHold.values.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
        countDevice {
            $0.bookedElsewhere += claims.count
            $0.takeOversPaid += paid
            $0.chargesPerHold.merge(charges, uniquingKeysWith: +)
        }
    }
}
