import BookingAPI
import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

/// `booking hold OFFER_ID [--no-wait] [--coupon CODE]`: holds the offer at the quote this
/// device saw (from `booking offers`), as a new attempt whose key is saved
/// before the request leaves. On a terminal it then shows the live
/// countdown, updated in place; otherwise (or with `--no-wait`) it prints
/// the hold and returns.
///
/// A hold refused with a new price shows the old and the new price and is
/// remembered: `--accept-new-price` then holds at the new price, as a new
/// attempt with a new key. A sold-out offer stays marked until
/// `booking offers --refresh` lists it again. Offline, it says so and which
/// actions wait for a connection. With `--coupon CODE` the held room is
/// then re-quoted with the code (`booking coupon`): the discounted price is
/// printed, or the named refusal (exit 1, the room still held at its price).
struct HoldCommand: BookingCommand {
    static let offer = TypedArgument("OFFER_ID", .identifier, help: "an offer from `booking offers`")
    static let noWait: TypedOption<Bool> = .flag(
        "--no-wait", help: "print the hold and return instead of counting down")

    static let acceptNewPrice: TypedOption<Bool> = .flag(
        "--accept-new-price", help: "hold at the new price a refused hold of this offer was given (a new attempt)")

    static let coupon: TypedOption<String?> = .optional(
        "--coupon", .identifier(suggesting: CouponCommand.sandboxCodes),
        help: "once held, apply this coupon code (the room re-quoted; a refused code keeps the hold, exit 1)")

    static let again: TypedOption<Bool> = .flag(
        "--again", help: "hold a room of a stay this device has a confirmed booking of (a second room)")

    /// It holds, pays or settles: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "hold", summary: "hold an offer's room; shows the live countdown",
        discussion: "Starts a new attempt: its key is saved before the request leaves.",
        options: [noWait.spec, acceptNewPrice.spec, coupon.spec, again.spec], arguments: [offer.spec])

    /// The offer to hold.
    let offerID: OfferID
    /// Whether to return once held instead of counting down.
    let noWait: Bool
    /// Whether the user accepts the changed price on file.
    let acceptsNewPrice: Bool
    /// The coupon code to apply once held, if any.
    let couponCode: String?
    /// Whether the traveller wants a second room of a stay already booked.
    let bookingAgain: Bool

    init(_ input: CommandInput) throws(UsageError) {
        offerID = OfferID(try input(Self.offer))
        noWait = try input(Self.noWait)
        acceptsNewPrice = try input(Self.acceptNewPrice)
        bookingAgain = try input(Self.again)
        couponCode = try input(Self.coupon).map { text throws(UsageError) in
            try CouponCommand.validated(text, option: "--coupon")
        }
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "hold")
        let client = services.client
        // What this device learnt about the offer decides what may be held,
        // before anything is saved or sent.
        let offer: Offer
        do {
            offer = try await client.offerToHold(offerID, acceptingNewPrice: acceptsNewPrice)
        } catch {
            throw await failure(error, client: client, money: invocation.money)
        }
        await services.settleAtLaunch()
        // One stay is never paid twice by accident: a stay this device has a
        // confirmed booking of is held again only on purpose.
        if !bookingAgain, let booked = try? await client.confirmedStay(of: offer) {
            let trip = booked.rawValue.terminalSafe
            throw CommandFailure.rejected(
                "you already booked this room for these dates (booking \(trip); `booking trip \(trip)` shows it); "
                    + "nothing was held. Run `booking hold \(offerID.rawValue.terminalSafe) --again` to hold a second room"
            )
        }
        // One room is held per data directory: the new attempt's insert
        // abandons an earlier hold in the same transaction (never an attempt
        // whose payment may have left). Say which room that lets go.
        if let earlier = try? await client.currentHold() {
            let room = await RoomLabel.describe(earlier.offerID, price: nil, services: services)
            invocation.say("This replaces your unpaid hold on \(room).")
        }
        let driver = FlowDriver(services: services, showsProgress: !invocation.json)
        invocation.say(
            "Holding \(offer.propertyName.terminalSafe), \((offer.roomName ?? "").terminalSafe), "
                + "\(offer.checkIn) to \(offer.checkOut): "
                + invocation.money.text(offer.price.total).terminalSafe)
        var state = await driver.hold(offer, bookingAgain: bookingAgain)
        if case .failed = state.stage, let why = services.refused.reason {
            // The flow says only that the room was not held; this says why.
            invocation.console.note("booking: the hold was not sent: \(why)")
        }
        // The coupon on the room just held: its answer (or refusal) is said, the hold kept either way.
        var couponExit = ExitCode.done
        if let couponCode, case .held = state.stage {
            couponExit = await CouponCommand.apply(couponCode, driver: driver, invocation: invocation, emitsJSON: false)
            state = await client.state
        }
        // The terms of cancelling the room held, said before Pay is.
        var terms: CancellationPolicy?
        if case .held(let held) = state.stage { terms = try? await client.cancellationPolicy(of: held) }
        let next = await Self.next(state, offer: offer, client: client, money: invocation.money)
        let elsewhere = await client.changedElsewhere()
        let outcome = ExitCode(outcome: state, elsewhere: elsewhere, goal: .hold)
        let code = outcome == .done ? couponExit : outcome
        if invocation.json {
            invocation.emit(
                Self.document(
                    state, driver: driver, offer: offer, terms: terms, log: client.seams.eventLogPath, code: code,
                    next: next))
            return code
        }
        if let elsewhere {
            invocation.say(FlowRenderer.elsewhere(elsewhere))
            return code
        }
        guard case .held = state.stage else {
            Self.render(state, driver: driver, invocation: invocation)
            if let next { invocation.say("Next: " + next) }
            return code
        }
        invocation.say("Cancelling: " + CancellationTerms.line(terms, money: invocation.money))
        if noWait || !services.console.isTerminal {
            Self.render(state, driver: driver, invocation: invocation)
            invocation.say("Next: booking pay (before the countdown ends)")
            return couponExit
        }
        let shown = await Countdown(driver: driver).show()
        return shown == .done ? couponExit : shown
    }

    static func render(_ state: BookingFlow.State, driver: FlowDriver, invocation: Invocation) {
        let lines = FlowRenderer(console: invocation.console).lines(state, secondsLeft: driver.secondsLeft(state))
        for line in lines.dropFirst() { invocation.say(line) }
    }

    static func document(
        _ state: BookingFlow.State, driver: FlowDriver, offer: Offer, terms: CancellationPolicy?, log: String?,
        code: ExitCode, next: String?
    ) -> JSONValue {
        [
            "next": .text(next),
            "outcome": .string(state.stage.name),
            "exitCode": .int(Int64(code.rawValue)),
            "offer": OffersCommand.offerJSON(offer, cancellation: terms),
            "state": FlowRenderer.json(state, secondsLeft: driver.secondsLeft(state)),
            "eventLog": .text(log),
        ]
    }

    /// What the user reads when the client will not hold the offer: nothing
    /// was saved or sent.
    func failure(_ refusal: HoldRefusal, client: BookingClient, money: MoneyStyle) async -> CommandFailure {
        let id = offerID.rawValue.terminalSafe
        switch refusal {
        case .unknownOffer:
            return .rejected("unknown offer \(offerID): run `booking offers` first")
        case .priceChanged(let listed, let new):
            return .failed(
                "the price of offer \(id) changed from \(money.text(listed.price.total).terminalSafe) to "
                    + "\(money.text(new.price.total).terminalSafe); to hold it at the new price run "
                    + "`booking hold \(id) --accept-new-price`")
        case .soldOut(let since):
            return .failed(
                "offer \(id) was sold out \(AgeText.describe(since: since)); "
                    + "run \(await Self.refreshCommand(offerID, client: client)) to see what is left")
        case .noChangedPrice:
            return .rejected(
                "there is no changed price to accept for offer \(id); "
                    + "hold it at its listed price with `booking hold \(id)`")
        case .unreadableCache(let reason):
            return .failed("cannot read the saved offers: \(reason)")
        }
    }

    /// What to run next after `state` (nil when held); the client has saved
    /// what the hold's answer said of the offer.
    static func next(_ state: BookingFlow.State, offer: Offer, client: BookingClient, money: MoneyStyle) async
        -> String?
    {
        let id = offer.id.rawValue.terminalSafe
        switch state.stage {
        case .priceChanged(let changed):
            return "booking hold \(id) --accept-new-price (a new hold at "
                + "\(money.text(changed.newPrice.total).terminalSafe)), or choose another offer"
        case .held:
            return nil
        case .signInRequired:
            return "booking hold \(id) again with a good key (`--api-key` or BOOKING_API_KEY); "
                + "the server refused this one and held nothing"
        case _ where state.soldOutOffers.contains(offer.id):
            return "\(await refreshCommand(offer.id, client: client)) to see which rooms are left"
        case .failed where !state.isOnline:
            return "booking hold \(id) again once the connection is back"
        default:
            return nil
        }
    }

    /// `booking offers ... --refresh` for the search that listed `id`.
    static func refreshCommand(_ id: OfferID, client: BookingClient) async -> String {
        guard let query = try? await client.searchCache.query(listing: id) else {
            return "`booking offers ... --refresh`"
        }
        return "`booking offers " + OffersCommand.arguments(query).joined(separator: " ") + " --refresh`"
    }
}
