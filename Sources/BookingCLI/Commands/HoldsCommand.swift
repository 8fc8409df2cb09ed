import BookingCommandLine
import BookingCore
import BookingKit

/// `booking holds [--take HOLD_ID | --let-go HOLD_ID]`: the rooms the
/// account holds on other devices (another data directory, a phone), each
/// with its time left, as the server lists them. `--take` holds one here
/// (an attempt of this directory, saved on that hold before anything is
/// sent, with the countdown from the server's answer): `booking pay` then
/// pays it once, whichever device pays first. `--let-go` releases it for
/// every device. Exit 0; 1 when the room named is no longer held
/// elsewhere, or taking it over did not leave it held here.
struct HoldsCommand: BookingCommand {
    static let take: TypedOption<String?> = .optional(
        "--take", .identifier, value: "HOLD_ID",
        help: "hold that room here, to pay it with `booking pay` (this directory's own attempt and key)")
    static let letGo: TypedOption<String?> = .optional(
        "--let-go", .identifier, value: "HOLD_ID", help: "release that room for every device of the account")

    /// It holds or releases: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "holds", summary: "the rooms your account holds on other devices; take one over here, or let it go",
        discussion:
            "A hold belongs to the account: a room held on your phone is listed here with its time left. "
            + "`--take HOLD_ID` holds it in this data directory (a room held here is given up for it), and "
            + "`booking pay` pays it: if both devices pay, the server books it once and refuses the other "
            + "payment (nothing charged for it). `--let-go HOLD_ID` releases it: the other device's countdown "
            + "ends at its next read.",
        options: [take.spec, letGo.spec])

    /// The hold to take over, if any.
    let taking: String?
    /// The hold to let go, if any.
    let lettingGo: String?

    init(_ input: CommandInput) throws(UsageError) {
        taking = try input(Self.take)
        lettingGo = try input(Self.letGo)
        if taking != nil && lettingGo != nil {
            throw .invalidValue(option: "--let-go", value: lettingGo ?? "", reason: "give --take or --let-go, not both")
        }
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "holds")
        let client = services.client
        let driver = FlowDriver(services: services, showsProgress: !invocation.json)
        // This directory's own attempt first: a room it holds is given up
        // by a takeover, as a new hold would be.
        if taking != nil {
            _ = try await client.sharingHoldReads {
                await services.settleAtLaunch()
                return try await driver.restore(for: .seconds(20))
            }
        }
        let listed: [HeldElsewhere]
        do {
            listed = try await client.holdsElsewhere()
        } catch {
            throw CommandFailure.client(error, doing: "list the rooms held on other devices")
        }
        guard let id = taking ?? lettingGo else {
            print(listed, client: client, invocation: invocation)
            return .done
        }
        guard let held = listed.first(where: { $0.id == id }) else {
            throw CommandFailure.failed(
                "no room is held on another device under \(id.terminalSafe) now (it may have ended, been paid or "
                    + "let go); `booking holds` lists them")
        }
        if lettingGo != nil {
            do {
                try await client.letGo(held)
            } catch {
                throw CommandFailure.client(error, doing: "let the room go")
            }
            invocation.say(
                "Let go: \(Self.room(held, money: invocation.money)). It is released for every device; nothing was charged."
            )
            if invocation.json { invocation.emit(["letGo": .string(held.id)]) }
            return .done
        }
        let result: HoldResult
        do {
            result = try await client.takeOver(held)
        } catch {
            throw CommandFailure.client(error, doing: "hold the room here")
        }
        let state = await client.state
        if invocation.json {
            invocation.emit([
                "taken": .string(held.id), "outcome": .string(state.stage.name),
                "state": FlowRenderer.json(state, secondsLeft: driver.secondsLeft(state)),
            ])
        }
        guard case .held = result else {
            HoldCommand.render(state, driver: driver, invocation: invocation)
            return .failed
        }
        invocation.say("Held here: \(Self.room(held, money: invocation.money)).")
        invocation.say("Cancelling: " + CancellationTerms.line(held.cancellation, money: invocation.money))
        HoldCommand.render(state, driver: driver, invocation: invocation)
        invocation.say("Next: booking pay (before the countdown ends)")
        return .done
    }

    /// The list, a line per room (or the JSON document).
    private func print(_ listed: [HeldElsewhere], client: BookingClient, invocation: Invocation) {
        if invocation.json {
            invocation.emit([
                "heldElsewhere": .array(
                    listed.map { held in
                        .object([
                            ("holdId", .string(held.id)), ("property", .string(held.propertyName)),
                            ("room", .text(held.roomName)), ("checkIn", .string(held.checkIn.description)),
                            ("checkOut", .string(held.checkOut.description)),
                            ("price", FlowRenderer.priceJSON(held.price)),
                            ("secondsLeft", .int(Int64(client.secondsLeft(on: held)))),
                        ])
                    })
            ])
            return
        }
        guard !listed.isEmpty else {
            invocation.say("No room is held on another device of this account.")
            return
        }
        for held in listed {
            let left = client.secondsLeft(on: held)
            invocation.say(
                "\(held.id.terminalSafe)  \(Self.room(held, money: invocation.money)), \(left / 60):\(String(format: "%02d", left % 60)) left"
            )
        }
        invocation.say("Take one over here with `booking holds --take HOLD_ID`, then `booking pay`.")
    }

    /// The room, its dates and price, for a line.
    static func room(_ held: HeldElsewhere, money: MoneyStyle) -> String {
        let room = held.roomName.map { ", " + $0.terminalSafe } ?? ""
        return "\(held.propertyName.terminalSafe)\(room), \(held.checkIn) to \(held.checkOut), "
            + money.text(held.price.total).terminalSafe
    }
}
