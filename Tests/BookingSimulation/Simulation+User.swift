import BookingAPI
import BookingCore
import BookingKit
import Foundation

/// The seeded user: one action per step, chosen from what the screen allows
/// (and sometimes what it does not: a second tap, a tap on a locked button).
extension Simulation {
    /// Runs `steps` random steps, then `finish()`. With a second process,
    /// each step may also run one of its commands (its own seeded user).
    public func runRandom(steps: Int) async {
        var random = SimulationRandom(seed: settings.seed ^ 0x05E4)
        var terminal = SimulationRandom(seed: settings.seed ^ 0xC1_7E4A)
        let offers = await loadOffers()
        guard !offers.isEmpty else {
            world.observations.violation("SETUP no offers")
            return
        }
        for _ in 0..<steps {
            let storage = faultsEnabled && random.chance(settings.storageFaultPercent)
            if storage { await holdStorageFault(full: random.chance(50)) }
            if hasQueuedEvents && random.chance(70) { await drain() }
            if let event = userEvent(&random, offers: offers) {
                await send(event)
            } else if case .actionRequired(let stage) = state.stage {
                await completeChallenge(stage, pass: random.chance(70), returns: random.chance(70))
            }
            await drain()
            await secondProcessStep(&terminal, offers: offers)
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
        if returns { await send(.challengeReturned(stage.payment.attempt.id), on: lane) }
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

    /// A new attempt's id and key, from the seed (letters only).
    static func newAttempt(_ random: inout SimulationRandom) -> (AttemptID, IdempotencyKey) {
        (AttemptID("att-" + random.letters(12)), IdempotencyKey("key-" + random.letters(20)))
    }

    /// What the user does now; nil for "the bank's page" in 3-D Secure.
    private func userEvent(_ random: inout SimulationRandom, offers: [Offer]) -> BookingFlow.Event? {
        let now = MonotonicInstant(sinceOrigin: world.scheduler.now)
        let roll = random.below(100)
        if roll < 3 { return state.isOnline ? .wentOffline : .cameOnline }
        if roll < 6 { return .appForegrounded }
        if roll < 8 { return .backTapped }
        if roll < 10 { return .payTapped(token(&random), now: now) }  // a tap wherever the user is
        if !state.isOnline && random.chance(60) { return .cameOnline }
        switch state.stage {
        case .browsing:
            return .offerChosen(random.pick(offers))
        case .offerChosen:
            if random.chance(10) { return .offerChosen(random.pick(offers)) }
            let (attempt, key) = Self.newAttempt(&random)
            return .holdTapped(attempt: attempt, key: key)
        case .held:
            return random.chance(85) ? .payTapped(token(&random), now: now) : .checkAgainTapped
        case .priceChanged:
            let (attempt, key) = Self.newAttempt(&random)
            return random.chance(80) ? .acceptNewPriceTapped(attempt: attempt, key: key) : .backTapped
        case .actionRequired(let stage):
            if random.chance(60) { return nil }
            return random.pick([.openChallengeTapped, .challengeReturned(stage.payment.attempt.id), .checkAgainTapped])
        case .failed, .expired, .notPaid:
            let (attempt, key) = Self.newAttempt(&random)
            return random.chance(60) ? .retryTapped(attempt: attempt, key: key) : .backTapped
        case .confirmed, .cancelled:
            return random.chance(50) ? .backTapped : .offerChosen(random.pick(offers))
        case .requestingHold, .submitting, .checkingHold, .unknown, .processing:
            return random.pick([.checkAgainTapped, .appForegrounded, .checkAgainTapped])
        }
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
