import BookingCore
import BookingKit

/// The app's path: what the simulated users tap goes through the client's
/// actions, and what the client's flow does comes back here, step by step,
/// to be checked and run on the virtual scheduler.
extension Simulation {
    /// The client's flow hands every step here (`FlowStore.StepHandler`),
    /// inside its `send`: checked (I3, I7), and its effects held for the
    /// simulation to run, one piece of work at a time (`runSteps`).
    func steps(_ lane: ClientLane) -> FlowStore.StepHandler {
        // Weak: the lane holds the process, whose flow holds this handler.
        { [weak self, weak lane] step in
            guard let self, let lane else { return }
            self.checkTransition(
                from: step.before, to: step.after, event: step.event, effects: step.effects, lane: lane)
            lane.took(step)
        }
    }

    /// The user taps `tap` on the lane's screen (the app's by default),
    /// through the client's action, then the effects it led to run until
    /// they stop. The client must take what the screen offers and refuse
    /// the rest (`BookingClientError.actionUnavailable`): the app's gates.
    func tap(_ tap: UserTap, on chosen: ClientLane? = nil) async {
        let lane = chosen ?? app
        guard let process = lane.live else { return }
        let before = lane.state
        let offered = tap.isOffered(in: before)
        do {
            try await tap.perform(on: process.client)
            if !offered {
                world.observations.violation(
                    "GATE \(tap) is not offered in \(before.stage.name), and the client took it")
            }
        } catch .alreadyBooked where offered {
            // Asked "You already booked this room for these dates": the
            // simulated traveller confirms the second room on purpose, so
            // every seed keeps its path (nothing was saved or sent before).
            if lane.state != before {
                world.observations.violation("GATE \(tap) was asked about a second room but moved the flow")
            }
            if case .hold(let offer) = tap {
                do {
                    try await process.client.startHold(offer, bookingAgain: true)
                    world.observations.bookedAgainOnPurpose(
                        Self.stay(offer.propertyName, offer.checkIn, offer.checkOut))
                } catch .actionUnavailable(.hold, _, BookingFlow.State.beingPaidReason?) {
                    // Another process's payment for the room: its answer
                    // comes first, whatever the traveller confirmed.
                    world.observations.refusedTap()
                } catch {
                    world.observations.violation("GATE hold again on purpose in \(before.stage.name): \(error)")
                }
            }
        } catch .actionUnavailable(.hold, _, BookingFlow.State.beingPaidReason?) where offered,
            .actionUnavailable(.pay, _, BookingFlow.State.paidElsewhereReason?) where offered
        {
            // Another process's payment for this room is being checked, or
            // booked it since this screen held it: the shared database
            // knows, this screen's state cannot.
            world.observations.refusedTap()
            if lane.state != before {
                world.observations.violation("GATE \(tap) was refused in \(before.stage.name) but moved the flow")
            }
        } catch .actionUnavailable where !offered {
            world.observations.refusedTap()
            if lane.state != before {
                world.observations.violation("GATE \(tap) was refused in \(before.stage.name) but moved the flow")
            }
        } catch {
            world.observations.violation("GATE \(tap) in \(before.stage.name) (offered: \(offered)): \(error)")
        }
        await runSteps(lane)
    }

    /// Takes an event an effect delivered in the lane's flow (the app's by
    /// default), and runs the effects it led to until they stop.
    func deliver(_ event: BookingFlow.Event, on chosen: ClientLane? = nil) async {
        let lane = chosen ?? app
        guard let process = lane.live else { return }
        await process.deliver(event)
        await runSteps(lane)
    }

    /// Runs the effects the lane's flow asked for, one step's effects at a
    /// time, each until it stops.
    func runSteps(_ lane: ClientLane) async {
        while let effects = lane.nextEffects() {
            await start(on: lane) { process in
                await process.run(effects, sink: self.sink(lane, generation: process.generation))
            }
            await afterQuiet()
        }
    }
}
