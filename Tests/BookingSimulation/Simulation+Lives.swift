import BookingCore
import Foundation

/// The processes' lives: a death, the relaunch that follows it (for the
/// app), and what every launch does.
extension Simulation {
    /// The process died: everything it had in flight is gone. For the app,
    /// a new process opens the same files, reconciles and restores the
    /// flow; the CLI's next command is its next process.
    func relaunch(_ chosen: ClientLane? = nil) async {
        let lane = chosen ?? app
        await releaseStorageFaults()
        guard let generation = end(lane) else { return }
        for _ in 0..<4 { await Task.yield() }
        guard lane.role == .app, await open(lane, generation: generation) else { return }
        await launch(lane)
        await restore(lane)
    }

    /// Ends the lane's live process (died or exited); returns the generation
    /// of the process that may replace it.
    func end(_ lane: ClientLane) -> Int? {
        guard let dead = lane.live else { return nil }
        let generation = world.scheduler.kill(dead.generation)
        world.network.processRestarted(lane.role.rawValue)
        lane.replace(with: nil)
        return generation
    }

    /// Opens a new process of the lane on the same files.
    func open(_ lane: ClientLane, generation: Int) async -> Bool {
        do {
            let next = try await ClientProcess.open(
                world: world, generation: generation, role: lane.role,
                eventLog: lane.role == .app && settings.keepsEventLog, hook: hook(lane, generation: generation))
            lane.replace(with: next)
            return true
        } catch {
            world.observations.violation("REOPEN the database could not be opened by a new process: \(error)")
            return false
        }
    }

    /// What every launch does first: reconcile every attempt not yet final.
    func launch(_ lane: ClientLane) async {
        let reconcile = await start(on: lane) { process in _ = await process.runtime.repository.reconcile() }
        await runUntil(reconcile)
        checkAttemptRows()
    }

    /// Hands the latest attempt not yet final to the lane's flow (as
    /// `BookingRuntime.restore` does) and takes what it leads to.
    func restore(_ lane: ClientLane) async {
        guard let process = lane.live else { return }
        let record = try? await process.runtime.repository.nonFinalAttempts().last
        await send(.restored(record), on: lane)
        await drain()
    }
}
