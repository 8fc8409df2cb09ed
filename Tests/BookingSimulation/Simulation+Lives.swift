import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// The processes' lives: a death, the relaunch that follows it (for the
/// app), and what every launch does.
extension Simulation {
    /// The process died: everything it had in flight is gone. For the app
    /// (and the second device), a new process opens the same files and
    /// launches as an app does (`BookingClient.launch()`: the flow
    /// restored, then reconciliation); the CLI's next command is its next
    /// process.
    func relaunch(_ chosen: ClientLane? = nil) async {
        let lane = chosen ?? app
        await releaseStorageFaults()
        guard let generation = end(lane) else { return }
        for _ in 0..<4 { await Task.yield() }
        guard lane.role != .cli, await open(lane, generation: generation) else { return }
        await launchApp(lane)
    }

    /// The app's launch, `BookingClient.launch()`: the latest attempt not
    /// yet final goes back to the flow (its effects held, as every step's
    /// are), then every open attempt is reconciled with the server, on the
    /// virtual clock until it ends; then the restored flow's effects run.
    func launchApp(_ lane: ClientLane) async {
        let report = Locked<LaunchReport?>(nil)
        let launched = await start(on: lane) { process in
            let launch = await process.client.launch()
            report.withLock { $0 = launch }
        }
        await runUntil(launched)
        if lane.role == .device, let launch = report.withLock({ $0 }) {
            lane.heldElsewhere = launch.heldElsewhere
            countDevice {
                $0.launches += 1
                $0.listed += launch.heldElsewhere.count
            }
        }
        checkAttemptRows()
        await runSteps(lane)
        await drain()
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
                eventLog: lane.role == .app && settings.keepsEventLog, hook: hook(lane, generation: generation),
                tripHooks: tripHooks(lane, generation: generation), steps: steps(lane))
            lane.replace(with: next)
            return true
        } catch {
            world.observations.violation("REOPEN the database could not be opened by a new process: \(error)")
            return false
        }
    }

    /// What every command of the CLI does first (`LaunchReconciler`):
    /// reconcile every attempt not yet final, before any flow is restored.
    /// The CLI is not an app: it reconciles through its runtime's
    /// repository, so the simulation does too.
    func launchCommand(_ lane: ClientLane) async {
        let reconcile = await start(on: lane) { process in _ = await process.repository.reconcile() }
        await runUntil(reconcile)
        checkAttemptRows()
    }

    /// What `booking pay` and `booking status` do next (`FlowDriver`): the
    /// runtime restores the latest attempt not yet final (its hold from the
    /// saved anchor, as `BookingClient.launch()` does), and the flow takes
    /// what it leads to.
    func restore(_ lane: ClientLane) async {
        let restored = await start(on: lane) { process in _ = try? await process.client.runtime.restore() }
        await runUntil(restored)
        await runSteps(lane)
        await drain()
    }
}
