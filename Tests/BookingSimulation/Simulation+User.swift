import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// The seeded user: one action per step, through the client's actions,
/// chosen from what the screen allows (and sometimes what it does not: a
/// second tap, a tap on a locked button, which the client must refuse).
extension Simulation {
    /// Runs `steps` random steps, then `finish()`. With a second process,
    /// each step may also run one of its commands (its own seeded user).
    public func runRandom(steps: Int) async {
        var random = SimulationRandom(seed: settings.seed ^ 0x05E4)
        var terminal = SimulationRandom(seed: settings.seed ^ 0xC1_7E4A)
        var tripRandom = SimulationRandom(seed: settings.seed ^ 0x7819)
        // Coupons are drawn from a stream of their own: a seed that draws
        // none runs as it did before they were drawn.
        var couponRandom = SimulationRandom(seed: settings.seed ^ 0xC0_0905)
        // The second device's user, on a stream of its own.
        var deviceRandom = SimulationRandom(seed: settings.seed ^ 0xDE_71CE)
        let offers = await loadOffers()
        guard !offers.isEmpty else {
            world.observations.violation("SETUP no offers")
            return
        }
        for _ in 0..<steps {
            let storage = faultsEnabled && random.chance(settings.storageFaultPercent)
            if storage { await holdStorageFault(full: random.chance(50)) }
            if hasQueuedEvents && random.chance(70) { await drain() }
            if let code = couponCode(&couponRandom) { await tap(.applyCoupon(code)) }
            if let chosen = userTap(&random, offers: offers, state: state) {
                await tap(chosen)
            } else if case .actionRequired(let stage) = state.stage {
                await completeChallenge(stage, pass: random.chance(70), returns: random.chance(70))
            }
            await drain()
            checkLiveHolds()
            checkTripVersions()
            await tripStep(&tripRandom)
            await secondProcessStep(&terminal, offers: offers)
            await secondDeviceStep(&deviceRandom, offers: offers)
            if storage { await releaseStorageFaults() }
            let wait: Duration =
                random.chance(10)
                ? .seconds(random.inRange(60...1_200)) : .milliseconds(random.inRange(0...15_000))
            await runTimers(until: world.scheduler.now + wait)
        }
        await finish()
    }

    /// The bank's page: the sandbox's challenge is completed, and the user
    /// comes back to the app (or does not, yet).
    func completeChallenge(_ stage: BookingFlow.ActionRequired, pass: Bool, returns: Bool, on lane: ClientLane? = nil)
        async
    {
        try? await world.inspector.completeChallenge(stage.bookingID, pass: pass)
        if returns { await tap(.returnedToApp, on: lane) }
    }

    func loadOffers() async -> [Offer] {
        guard let checkIn = CalendarDate("2026-12-01"), let checkOut = CalendarDate("2026-12-03"),
            let page = try? await world.inspector.offers(
                placeID: "plc_lisbon", checkIn: checkIn, checkOut: checkOut, guests: 2)
        else { return [] }
        return page.items.prefix(4).compactMap { listing in
            Offer(
                id: listing.offerId, propertyName: listing.property.name, checkIn: listing.checkIn,
                checkOut: listing.checkOut, guests: listing.guests,
                quote: Quote(id: listing.quoteId, price: listing.price, quotedAt: listing.quotedAtMilliseconds ?? 0))
        }
    }

    /// What the user of a screen in `state` taps now; nil for "the bank's
    /// page" in 3-D Secure.
    func userTap(_ random: inout SimulationRandom, offers: [Offer], state: BookingFlow.State) -> UserTap? {
        let roll = random.below(100)
        if roll < 3 { return .networkChanged(isOnline: !state.isOnline) }
        if roll < 6 { return .returnedToApp }
        if roll < 8 { return .back }
        if roll < 10 { return .pay(token(&random)) }  // a tap wherever the user is
        if !state.isOnline && random.chance(60) { return .networkChanged(isOnline: true) }
        switch state.stage {
        case .browsing:
            return .choose(random.pick(offers))
        case .offerChosen(let offer):
            if random.chance(10) { return .choose(random.pick(offers)) }
            return .hold(offer)
        case .held:
            return random.chance(85) ? .pay(token(&random)) : .checkAgain
        case .priceChanged:
            return random.chance(80) ? .acceptNewPrice : .back
        case .actionRequired:
            if random.chance(60) { return nil }
            // The bank's page left: "Use another card" (the same room, a
            // new key, paid once another card is given) or Back (the room
            // given up).
            return random.pick([.openChallenge, .returnedToApp, .checkAgain, .useAnotherCard, .back])
        case .failed, .expired, .notPaid:
            return random.chance(60) ? .retry : .back
        case .signInRequired:
            return random.chance(80) ? .signIn : .back
        case .confirmed, .cancelled:
            return random.chance(50) ? .back : .choose(random.pick(offers))
        case .requestingHold, .submitting, .checkingHold, .unknown, .processing:
            return random.pick([.checkAgain, .returnedToApp, .checkAgain])
        }
    }

    /// Now and then on a held room, a coupon code: `WELCOME10` (applied,
    /// 10 % off, which Pay must then charge once) or `SPRING2026` (refused,
    /// expired: the price and Pay stay). Pay taps may follow while it is out.
    private func couponCode(_ random: inout SimulationRandom) -> String? {
        guard case .held = state.stage, random.chance(8) else { return nil }
        return random.chance(60) ? "WELCOME10" : "SPRING2026"
    }

    /// A payment method: mostly sandbox tokens, sometimes a raw card number
    /// (which must never be written anywhere on the device).
    func token(_ random: inout SimulationRandom) -> PaymentToken {
        let roll = random.below(100)
        if roll >= 100 - settings.cardNumberPercent { return PaymentToken(random.pick(Self.cardNumbers)) }
        switch roll {
        case 0..<45: return PaymentToken("tok_visa")
        case 45..<60: return PaymentToken("tok_chargeDeclined")
        case 60..<82: return PaymentToken("tok_threeDSecureRequired")
        default: return PaymentToken("tok_processingError")
        }
    }

    /// Luhn-valid test card numbers the security checks look for.
    public static let cardNumbers = [
        "4242424242424242", "5555 5555 5555 4444", "4000-0566-5566-5556", "378282246310005",
    ]

    /// Holds the write lock on `booking.sqlite` (SQLITE_BUSY) or stops the
    /// client's file from growing (SQLITE_FULL) for one step.
    func holdStorageFault(full: Bool) async {
        if full {
            world.observations.fault(.sqliteFull)
            await process?.limitPages(true)
            storageFull = true
        } else if let holder = try? WriteLockHolder(
            path: (world.clientDirectory as NSString).appendingPathComponent("booking.sqlite"))
        {
            world.observations.fault(.sqliteBusy)
            lockHolder = holder
        }
    }

    /// Ends the storage fault of this step.
    func releaseStorageFaults() async {
        lockHolder?.release()
        lockHolder = nil
        if storageFull {
            await process?.limitPages(false)
            storageFull = false
        }
    }
}
