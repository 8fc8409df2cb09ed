import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// `booking hold OFFER_ID [--no-wait]`: holds the offer at the quote this
/// device saw (from `booking offers`), as a new attempt whose key is saved
/// before the request leaves. On a terminal it then shows the live
/// countdown, updated in place; otherwise (or with `--no-wait`) it prints
/// the hold and returns.
///
/// A hold refused with a new price shows the old and the new price and is
/// remembered: `--accept-new-price` then holds at the new price, as a new
/// attempt with a new key. A sold-out offer stays marked until
/// `booking offers --refresh` lists it again. Offline, it says so and which
/// actions wait for a connection.
struct HoldCommand: BookingCommand {
    static let offer = TypedArgument("OFFER_ID", .identifier, help: "an offer from `booking offers`")
    static let noWait: TypedOption<Bool> = .flag(
        "--no-wait", help: "print the hold and return instead of counting down")

    static let acceptNewPrice: TypedOption<Bool> = .flag(
        "--accept-new-price", help: "hold at the new price a refused hold of this offer was given (a new attempt)")

    /// It holds, pays or settles: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "hold", summary: "hold an offer's room; shows the live countdown",
        discussion: "Starts a new attempt: its key is saved before the request leaves.",
        options: [noWait.spec, acceptNewPrice.spec], arguments: [offer.spec])

    /// The offer to hold.
    let offerID: OfferID
    /// Whether to return once held instead of counting down.
    let noWait: Bool
    /// Whether the user accepts the changed price on file.
    let acceptsNewPrice: Bool

    init(_ input: CommandInput) throws(UsageError) {
        offerID = OfferID(try input(Self.offer))
        noWait = try input(Self.noWait)
        acceptsNewPrice = try input(Self.acceptNewPrice)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services()
        let search = try services.search()
        guard let listed = try await search.cachedOffer(offerID) else {
            throw CommandFailure.rejected("unknown offer \(offerID): run `booking offers` first")
        }
        // What this device learnt about the offer decides what may be held,
        // before anything is saved or sent.
        let offer = try await Self.offerToHold(listed, accepting: acceptsNewPrice, search: search)
        let runtime = try services.runtime(command: "hold")
        await LaunchReconciler.run(runtime.repository, console: services.console)
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
        let next = await Self.remember(state, offer: offer, search: search)
        let onFile = await AttemptOnFile.check(state.stage, in: runtime.repository)
        let code = onFile?.exitCode ?? ExitCode(stage: state.stage)
        if invocation.json {
            invocation.emit(
                Self.document(state, driver: driver, offer: offer, log: runtime.log?.path, code: code, next: next))
            return code
        }
        if let onFile {
            invocation.say(onFile.message)
            return code
        }
        guard case .held = state.stage else {
            Self.render(state, driver: driver, invocation: invocation)
            if let next { invocation.say("Next: " + next) }
            return code
        }
        if noWait || !services.console.isTerminal {
            Self.render(state, driver: driver, invocation: invocation)
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
        _ state: BookingFlow.State, driver: FlowDriver, offer: Offer, log: String?, code: ExitCode, next: String?
    ) -> JSONValue {
        [
            "next": .text(next),
            "outcome": .string(state.stage.name),
            "exitCode": .int(Int64(code.rawValue)),
            "offer": OffersCommand.offerJSON(offer),
            "state": FlowRenderer.json(state, secondsLeft: driver.secondsLeft(state)),
            "eventLog": .text(log),
        ]
    }

    /// The offer at the quote to hold: as listed, or at the changed price
    /// when the user accepts it. A sold-out mark, a changed price not
    /// accepted, or an accept with no changed price on file stops here, with
    /// nothing saved or sent.
    static func offerToHold(_ listed: Offer, accepting: Bool, search: SearchRepository) async throws -> Offer {
        let id = listed.id.rawValue.terminalSafe
        switch try await search.mark(listed.id) {
        case .priceChanged(let quote, _)? where accepting:
            return listed.requoted(quote)
        case .priceChanged(let quote, _)?:
            throw CommandFailure.failed(
                "the price of offer \(id) changed from \(listed.quote.price.total.formatted.terminalSafe) to "
                    + "\(quote.price.total.formatted.terminalSafe); to hold it at the new price run "
                    + "`booking hold \(id) --accept-new-price`")
        case .soldOut(let since)? where !accepting:
            throw CommandFailure.failed(
                "offer \(id) was sold out \(AgeText.describe(since: since)); "
                    + "run \(await refreshCommand(listed.id, search: search)) to see what is left")
        case .soldOut?, nil:
            guard !accepting else {
                throw CommandFailure.rejected(
                    "there is no changed price to accept for offer \(id); "
                        + "hold it at its listed price with `booking hold \(id)`")
            }
            return listed
        }
    }

    /// Remembers a changed price or a sold-out room for the next runs, forgets
    /// an accepted price once held, and says what to run next (nil when held).
    static func remember(_ state: BookingFlow.State, offer: Offer, search: SearchRepository) async -> String? {
        let id = offer.id.rawValue.terminalSafe
        switch state.stage {
        case .priceChanged(let changed):
            try? await search.recordPriceChange(offer.id, newQuote: changed.newQuote)
            return "booking hold \(id) --accept-new-price (a new hold at "
                + "\(changed.newQuote.price.total.formatted.terminalSafe)), or choose another offer"
        case .held:
            try? await search.clearMark(offer.id)
            return nil
        case _ where state.soldOutOffers.contains(offer.id):
            try? await search.markSoldOut(offer.id)
            return "\(await refreshCommand(offer.id, search: search)) to see which rooms are left"
        case .failed where !state.isOnline:
            return "booking hold \(id) again once the connection is back"
        default:
            return nil
        }
    }

    /// `booking offers ... --refresh` for the search that listed `id`.
    static func refreshCommand(_ id: OfferID, search: SearchRepository) async -> String {
        guard let query = try? await search.query(listing: id) else { return "`booking offers ... --refresh`" }
        return "`booking offers " + OffersCommand.arguments(query).joined(separator: " ") + " --refresh`"
    }
}
