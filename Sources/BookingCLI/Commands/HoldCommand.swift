import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// `booking hold OFFER_ID [--no-wait]`: holds the offer at the quote this
/// device saw (from `booking offers`), as a new attempt whose key is saved
/// before the request leaves. On a terminal it then shows the live
/// countdown, updated in place; otherwise (or with `--no-wait`) it prints
/// the hold and returns.
enum HoldCommand {
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let offerID = OfferID(try Validate.identifier(invocation.command.arguments[0], name: "OFFER_ID"))
        let services = try invocation.services()
        let runtime = try services.runtime(command: "hold")
        await LaunchReconciler.run(runtime.repository, console: services.console)
        guard let offer = try await services.search().cachedOffer(offerID) else {
            throw CommandFailure.rejected("unknown offer \(offerID): run `booking offers` first")
        }
        // One room is held per data directory: the new attempt's insert
        // abandons an earlier hold in the same transaction (never an attempt
        // whose payment may have left). Say which room that lets go.
        if let earlier = try? await runtime.repository.currentHold() {
            let room = await RoomLabel.describe(earlier.offerID, price: nil, services: services)
            invocation.say("This replaces your unpaid hold on \(room).")
        }
        let driver = FlowDriver(services: services, runtime: runtime, showsProgress: !invocation.json)
        invocation.say(
            "Holding \(offer.propertyName.terminalSafe), \((offer.roomName ?? "").terminalSafe), "
                + "\(offer.checkIn) to \(offer.checkOut): " + offer.quote.price.total.formatted.terminalSafe)
        let state = await driver.hold(offer)
        let onFile = await AttemptOnFile.check(state.stage, in: runtime.repository)
        let code = onFile?.exitCode ?? ExitCode(stage: state.stage)
        if invocation.json {
            invocation.emit(document(state, driver: driver, offer: offer, log: runtime.log?.path, code: code))
            return code
        }
        if let onFile {
            invocation.say(onFile.message)
            return code
        }
        guard case .held = state.stage else {
            render(state, driver: driver, invocation: invocation)
            return code
        }
        if invocation.command.has("--no-wait") || !services.console.isTerminal {
            render(state, driver: driver, invocation: invocation)
            invocation.say("Next: booking pay (before the countdown ends)")
            return .done
        }
        return await Countdown(driver: driver).show()
    }

    static func render(_ state: BookingFlow.State, driver: FlowDriver, invocation: Invocation) {
        let lines = FlowRenderer(console: invocation.console).lines(state, secondsLeft: driver.secondsLeft(state))
        for line in lines.dropFirst() { invocation.say(line) }
    }

    static func document(
        _ state: BookingFlow.State, driver: FlowDriver, offer: Offer, log: String?, code: ExitCode
    ) -> JSONValue {
        [
            "outcome": .string(state.stage.name),
            "exitCode": .int(Int64(code.rawValue)),
            "offer": OffersCommand.offerJSON(offer),
            "state": FlowRenderer.json(state, secondsLeft: driver.secondsLeft(state)),
            "eventLog": .text(log),
        ]
    }
}
