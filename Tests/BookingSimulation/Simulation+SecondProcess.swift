import BookingCore
import BookingKit
import Foundation

/// The second process: the `booking` CLI run from another terminal on the
/// app's data directory, one process per command (its own `BookingClient`,
/// repository and connection, made as the app's is), with its own seeded
/// user, who acts through the client's actions. Every command launches as
/// the CLI does (reconcile first, `launchCommand`), then:
///
/// - `hold`: what `booking hold` does before its new attempt
///   (`supersedeEarlierAttempts`), then holds an offer with a new attempt
///   (whose insert supersedes an earlier hold in the same transaction);
/// - `pay`: restores the latest attempt not yet final (`restore`, the
///   runtime's as the CLI's `FlowDriver`) and, once its flow is
///   held, taps Pay (and completes a 3-D Secure challenge as the CLI does);
/// - `status`: restores (the flow asks the server) and stops;
/// - `reconcile`: only the launch.
///
/// A command runs until its flow settles (or for a few steps, then the
/// terminal's user moves on); the next command is a new process.
extension Simulation {
    /// The second process's commands.
    enum Command: String, CaseIterable {
        case hold, pay, status, reconcile
    }

    /// What `booking hold` does before its new attempt, kept in one place so
    /// the modelling follows the CLI's code path. Since the fix for issue 11
    /// it only reads the current hold (to name the room it replaces): the new
    /// attempt's insert (`BookingRepository.save`, the flow's `saveAttempt`)
    /// abandons it in the same transaction. Before, it abandoned each earlier
    /// attempt not yet final through `BookingRepository.abandon`.
    static func supersedeEarlierAttempts(_ repository: BookingRepository) async {
        _ = try? await repository.currentHold()
    }

    /// One step of the terminal's user: follow the running command, or run
    /// the next one.
    func secondProcessStep(_ random: inout SimulationRandom, offers: [Offer]) async {
        guard let cli, faultsEnabled else { return }
        if cli.live != nil {
            count { $0.twoProcessSteps += 1 }
            guard await followCommand(cli, &random) else { return }
        }
        guard random.chance(45) else { return }
        let command = random.pick([Command.hold, .hold, .pay, .pay, .pay, .status, .status, .reconcile])
        await run(command, on: cli, &random, offers: offers)
    }

    /// Moves the running command on; true when it is done (or given up on).
    private func followCommand(_ cli: ClientLane, _ random: inout SimulationRandom) async -> Bool {
        if cli.isPaused || cli.hasQueuedEvents { return false }
        if case .actionRequired(let stage) = cli.state.stage, cli.busySteps == 0 {
            await completeChallenge(stage, pass: random.chance(70), returns: true, on: cli)
        }
        if let token = cli.pendingPay {
            switch cli.state.stage {
            case .held:
                cli.pendingPay = nil
                await tap(.pay(token), on: cli)
                return false
            case .checkingHold:
                break
            default:
                cli.pendingPay = nil
            }
        }
        switch cli.state.stage {
        case .requestingHold, .submitting, .checkingHold, .unknown, .processing, .actionRequired:
            cli.busySteps += 1
            return cli.busySteps > 6
        default:
            return cli.pendingPay == nil
        }
    }

    /// Ends the last command's process and runs `command` in a new one.
    private func run(_ command: Command, on cli: ClientLane, _ random: inout SimulationRandom, offers: [Offer]) async {
        world.observations.command("booking \(command.rawValue)", time: world.scheduler.now)
        count { $0.commands[command.rawValue, default: 0] += 1 }
        let generation = end(cli) ?? world.scheduler.newGeneration()
        guard await open(cli, generation: generation) else { return }
        await launchCommand(cli)
        switch command {
        case .hold:
            await start(on: cli) { process in await Self.supersedeEarlierAttempts(process.repository) }
            checkAttemptRows()
            let offer = random.pick(offers)
            await tap(.choose(offer), on: cli)
            await tap(.hold(offer), on: cli)
        case .pay:
            await restore(cli)
            cli.pendingPay = token(&random)
            _ = await followCommand(cli, &random)
        case .status:
            await restore(cli)
        case .reconcile:
            break
        }
        await drain()
    }
}
