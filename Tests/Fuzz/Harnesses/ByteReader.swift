import BookingCore

/// Turns fuzzer bytes into booking-flow events.
struct ByteReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    static let attempts = [AttemptID("a1"), AttemptID("a2")]
    static let keys = [IdempotencyKey("k1"), IdempotencyKey("k2")]
    static let money = Money(minorUnits: 100, currency: CurrencyCode("EUR")!)
    static let price = PriceBreakdown(nightly: money, taxes: money, fees: money, total: money)!
    static let offer = Offer(
        id: OfferID("off_1"), propertyName: "P", checkIn: CalendarDate("2026-12-01")!,
        checkOut: CalendarDate("2026-12-03")!, guests: 2, quote: Quote(id: QuoteID("q1"), price: price, quotedAt: 0))!

    mutating func instant() -> MonotonicInstant {
        MonotonicInstant(sinceOrigin: .seconds(Int(byte() ?? 0) * 8))
    }

    mutating func booking() -> Booking {
        let statuses: [BookingStatus] = [
            .held, .paymentRequired, .actionRequired, .processing, .confirmed, .expired,
            .failed, .cancelled,
        ]
        let status = statuses[Int(byte() ?? 0) % statuses.count]
        let version = Version(rawValue: Int64(byte() ?? 0) % 6) ?? .none
        let id = BookingID((byte() ?? 0) % 2 == 0 ? "bk_1" : "bk_2")
        return Booking(
            id: id, status: status, version: version,
            nextAction: (byte() ?? 0) % 2 == 0 ? Booking.NextAction(url: "https://bank.example/3ds") : nil,
            propertyName: "P", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!,
            voucherCode: nil)
    }

    mutating func lookup() -> BookingFlow.LookupResult {
        switch (byte() ?? 0) % 3 {
        case 0: return .found(booking())
        case 1: return .notFound
        default: return .unreachable
        }
    }

    mutating func event(current: BookingFlow.State) -> BookingFlow.Event? {
        guard let kind = byte() else { return nil }
        let pick = Int(byte() ?? 0)
        let attempt = pick % 4 == 3 ? Self.attempts[1] : (current.stage.attemptID ?? Self.attempts[pick % 2])
        let fresh = (AttemptID("n\(offset)"), IdempotencyKey("nk\(offset)"))
        let hold = Hold(id: HoldID("hold_1"), expiresInMs: Int64(byte() ?? 0) * 10_000, price: Self.price)
        switch kind % 22 {
        case 0: return .offerChosen(Self.offer)
        case 1: return .holdTapped(attempt: fresh.0, key: fresh.1)
        case 2: return .acceptNewPriceTapped(attempt: fresh.0, key: fresh.1)
        case 3: return .payTapped(PaymentToken("tok_visa"), now: instant())
        case 4: return .retryTapped(attempt: fresh.0, key: fresh.1)
        case 5: return .checkAgainTapped
        case 6: return .openChallengeTapped
        case 7: return .backTapped
        case 8: return .wentOffline
        case 9: return .cameOnline
        case 10: return .appForegrounded
        case 11:
            let phase = AttemptPhase.allCases[pick % AttemptPhase.allCases.count]
            var record = SavedAttempt(
                attempt: BookingFlow.Attempt(
                    id: attempt, key: Self.keys[0], offerID: OfferID("off_1"), quoteID: QuoteID("q1")),
                phase: phase, createdAtMilliseconds: 0)
            record.holdID = HoldID("hold_1")
            return .restored(record)
        case 12:
            return hold.map { .holdGranted(attempt, $0, sentAt: instant(), receivedAt: instant()) }
                ?? .holdFailed(attempt, .unavailable)
        case 13:
            let failures: [BookingFlow.HoldFailure] = [
                .priceChanged(Quote(id: QuoteID("q2"), price: Self.price, quotedAt: 0)), .soldOut, .unavailable,
                .rejected(code: nil),
            ]
            return .holdFailed(attempt, failures[pick % failures.count])
        case 14: return .holdTimerFired(attempt, now: instant())
        case 15:
            return hold.map { .holdRead(attempt, $0, sentAt: instant(), receivedAt: instant()) }
                ?? .holdReadFailed(attempt, .unreachable)
        case 16: return .holdReadFailed(attempt, pick % 2 == 0 ? .expired : .unreachable)
        case 17: return .payAnswered(attempt, booking())
        case 18:
            let failures: [BookingFlow.PaymentFailure] = [
                .unknownOutcome, .declined, .holdExpired, .notSent,
                .rejected(code: nil),
            ]
            return .payFailed(attempt, failures[pick % failures.count])
        case 19: return .attemptLookedUp(attempt, lookup())
        case 20: return .challengeReturned(attempt)
        default: return .bookingPolled(attempt, lookup())
        }
    }
}
