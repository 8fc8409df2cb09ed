// Representative events for any state: the alphabet the diagram explores
// the reducer with (and the tests start from). Sample values only; nothing
// here is used by the flow itself.
extension BookingFlow {
    /// Sample values: one offer, its hold, bookings in every server state.
    package enum Samples {
        /// The sample offer's id.
        public static let offerID = OfferID("offer-1")
        /// The sample hold's id.
        public static let holdID = HoldID("hold-1")
        /// The sample booking's id.
        public static let bookingID = BookingID("booking-1")
        /// A sample payment method.
        public static let token = PaymentToken("tok_visa")
        /// Sample lead-guest details (valid).
        public static let guest = GuestDetails(name: "Ana Silva", email: "ana@example.com")
        /// The monotonic reading the sample hold request was sent at.
        public static let sentAt = MonotonicInstant.origin.advanced(by: .seconds(100))
        /// How long the sample hold lasts.
        public static let holdLength = Duration.seconds(600)

        private static let eur = CurrencyCode("EUR")!
        private static func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }

        /// A price breakdown: 120.00 a night, 3 nights.
        public static let price = PriceBreakdown(
            nightly: money(12_000), taxes: money(3_600), fees: money(500),
            total: money(40_100))!
        /// A changed price.
        public static let newPrice = PriceBreakdown(
            nightly: money(13_000), taxes: money(3_900), fees: money(500),
            total: money(43_400))!
        /// The quote the sample offer carries.
        public static let quote = Quote(id: QuoteID("quote-1"), price: price, quotedAt: 1_780_000_000_000)
        /// The quote a price change brings.
        public static let newQuote = Quote(id: QuoteID("quote-2"), price: newPrice, quotedAt: 1_780_000_060_000)
        /// The sample offer.
        public static let offer = Offer(
            id: offerID, propertyName: "Casa do Mar", checkIn: CalendarDate("2026-11-03")!,
            checkOut: CalendarDate("2026-11-06")!, guests: 2, quote: quote)!
        /// The sample hold.
        public static let hold = Hold(id: holdID, expiresInMs: 600_000, price: price)!
        /// A discounted price (10 % off the nights).
        public static let couponPrice = PriceBreakdown(
            nightly: money(10_800), taxes: money(3_240), fees: money(500),
            total: money(36_140))!
        /// The sample hold re-quoted by a coupon code.
        public static let couponHold = Hold(
            id: holdID, expiresInMs: 580_000, price: couponPrice, couponCode: "WELCOME10")!

        /// The sample booking in `status` at `version`.
        public static func booking(_ status: BookingStatus, version: Int64) -> Booking {
            Booking(
                id: bookingID, status: status, version: Version(rawValue: version) ?? .none,
                nextAction: status == .actionRequired ? .init(url: "https://bank.example/3ds/booking-1") : nil,
                voucherCode: status == .confirmed ? "V-123" : nil)
        }

        /// The next attempt id and key after `current` (two alternate, so the
        /// explored space stays finite).
        public static func nextAttempt(after current: AttemptID?) -> (AttemptID, IdempotencyKey) {
            current == AttemptID("A1")
                ? (AttemptID("A2"), IdempotencyKey("K2")) : (AttemptID("A1"), IdempotencyKey("K1"))
        }

        /// The hold of a held attempt restored on the boot that saved it: 300 s left.
        public static var restoredHold: RestoredHold? {
            Hold(id: holdID, expiresInMs: 300_000, price: price).map { RestoredHold(hold: $0, readAt: sentAt) }
        }

        /// A saved row of attempt A1 in `phase`.
        public static func record(_ phase: AttemptPhase) -> SavedAttempt {
            let charged = phase == .actionRequired || phase == .processing
            var record = SavedAttempt(
                attempt: BookingFlow.Attempt(
                    id: AttemptID("A1"), key: IdempotencyKey("K1"), offerID: offerID, quoteID: quote.id),
                phase: phase, createdAtMilliseconds: 1_780_000_000_000)
            record.holdID = phase == .holdRequested ? nil : holdID
            record.bookingID = charged ? bookingID : nil
            record.version = charged ? Version(rawValue: 1) ?? .none : .none
            return record
        }
    }

    /// Representative events for `state`: every user and device event, the
    /// restores, and every kind of result for the state's attempt. The
    /// diagram is drawn by calling `reduce` with these.
    package static func sampleEvents(for state: State) -> [Event] {
        typealias S = Samples
        let (nextID, nextKey) = S.nextAttempt(after: state.stage.attemptID)
        var events: [Event] = [
            .offerChosen(S.offer), .holdTapped(attempt: nextID, key: nextKey),
            .acceptNewPriceTapped(attempt: nextID, key: nextKey),
            .payTapped(S.token, now: S.sentAt.advanced(by: .seconds(30))),
            .payTapped(S.token, now: S.sentAt.advanced(by: .seconds(3600))),
            .retryTapped(attempt: nextID, key: nextKey), .checkAgainTapped, .openChallengeTapped, .backTapped,
            .takeOverTapped(
                Attempt(id: nextID, key: nextKey, offerID: S.offer.id, quoteID: S.quote.id), hold: S.hold.id),
            .couponEntered(code: "WELCOME10"), .guestEntered(S.guest), .guestEntered(nil),
            .wentOffline, .cameOnline, .appForegrounded, .restored(nil), .signedIn,
        ]
        events += AttemptPhase.allCases.map { .restored(S.record($0)) }
        events.append(.restored(S.record(.held), hold: S.restoredHold))
        guard let a = state.stage.attemptID else { return events }
        let received = S.sentAt.advanced(by: .seconds(2))
        let later = S.sentAt.advanced(by: .seconds(700))
        events += [
            .holdGranted(a, S.hold, sentAt: S.sentAt, receivedAt: received),
            .holdGranted(a, S.hold, sentAt: S.sentAt, receivedAt: S.sentAt.advanced(by: .seconds(601))),
            .holdFailed(a, .priceChanged(S.newQuote)), .holdFailed(a, .soldOut), .holdFailed(a, .unavailable),
            .holdFailed(a, .unknownOutcome), .holdFailed(a, .waitRequested(until: 1_780_003_600)),
            .holdFailed(a, .rejected(code: "BAD_REQUEST")), .holdFailed(a, .superseded),
            .holdTimerFired(a, now: S.sentAt.advanced(by: .seconds(60))), .holdTimerFired(a, now: later),
            .holdRead(a, S.hold, sentAt: later, receivedAt: later.advanced(by: .seconds(1))),
            .holdRead(a, S.hold, sentAt: S.sentAt, receivedAt: later),
            .holdReadFailed(a, .expired), .holdReadFailed(a, .unreachable), .holdReadFailed(a, .bookedElsewhere),
            .holdReadFailed(a, .waitRequested(until: 1_780_003_600)),
            .payFailed(a, .unknownOutcome), .payFailed(a, .declined), .payFailed(a, .holdExpired),
            .payFailed(a, .notSent), .payFailed(a, .rejected(code: "INVALID_PAYMENT_TOKEN")),
            .payFailed(a, .rejected(code: BookingFlow.holdAlreadyBookedCode)),
            .payFailed(a, .rejected(code: BookingFlow.stayAlreadyBookedCode)),
            .payFailed(a, .superseded), .payFailed(a, .serverFailedTheKey), .payFailed(a, .sentElsewhere),
            .payFailed(a, .keyClosed), .payFailed(a, .waitRequested(until: 1_780_003_600)),
            .keyClosed(a, .closed), .keyClosed(a, .inUse), .keyClosed(a, .unreachable), .keyClosed(a, .unsupported),
            .keyClosed(a, .used(S.booking(.confirmed, version: 2))),
            .attemptLookedUp(a, .notFound), .attemptLookedUp(a, .unreachable),
            .attemptLookedUp(a, .found(S.booking(.confirmed, version: 2))),
            .attemptLookedUp(a, .found(S.booking(.processing, version: 2))),
            .challengeReturned(a), .pushReceived(a),
            .bookingPolled(a, .unreachable),
            .bookingPolled(a, .found(S.booking(.processing, version: 3))),
            .bookingPolled(a, .found(S.booking(.confirmed, version: 3))),
            .bookingPolled(a, .found(S.booking(.failed, version: 3))),
            .credentialRefused(a),
            .couponApplied(a, S.couponHold),
        ]
        events += CouponRefusal.allCases.map { .couponRefused(a, $0) }
        events += BookingStatus.allCases.map { .payAnswered(a, S.booking($0, version: 1)) }
        events.append(.confirmationNotSaved(a, S.booking(.confirmed, version: 1)))
        return events
    }
}
