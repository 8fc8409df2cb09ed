import BookingCore
import Testing

/// Issue 22 item 6: Back from every stage, and a payment being checked
/// never blocks the app. Back from `submitting`, `unknown` or `processing`
/// goes to the results with a banner; the payment's checks go on and its
/// outcome shows when it lands; a server that cannot be reached says "We
/// could not confirm" at once, with Check again and Back.
@Suite struct BackFromCheckingTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    @Test(arguments: [Fix.submitting, Fix.unknown(checks: 2), Fix.processing(polls: 1)])
    func backFromAPaymentBeingCheckedGoesToTheResultsWithABanner(checking: Flow.State) {
        #expect(checking.enabledActions.contains(.back))
        let (state, effects) = Flow.reduce(checking, .backTapped)
        #expect(state.stage == .browsing)
        #expect(state.paymentBeingChecked == checking.stage)
        #expect(effects.isEmpty)  // nothing sent, nothing given up: the hold stays with the payment
        #expect(state.banner == "A payment is still being checked. Do not pay for that room again.")
        #expect(state.bannerText?.key == "booking.banner.paymentBeingChecked")
    }

    @Test func theChecksGoOnAfterBackAndTheOutcomeShowsWhenItLands() {
        let (browsing, _) = Flow.reduce(Fix.unknown(checks: 1), .backTapped)
        // The lookup scheduled before Back answers: nothing yet, the next one is scheduled.
        let (still, next) = Flow.reduce(browsing, .attemptLookedUp(Fix.a1, .unreachable))
        #expect(still.stage == .browsing)
        #expect(next == [.lookUpAttempt(Fix.a1, Fix.k1, after: .seconds(8))])
        let (landed, effects) = Flow.reduce(still, .attemptLookedUp(Fix.a1, .found(Fix.booking(.confirmed, 2))))
        #expect(effects.isEmpty)
        #expect(landed.paymentBeingChecked == nil)
        #expect(landed.stage.kind == .confirmed)
        #expect(landed.title == "Booking confirmed")
    }

    /// One stay is never paid twice by accident: while a payment is being
    /// checked, the room it is for cannot be held again (Hold is disabled
    /// with the reason, and a tap is refused: nothing is saved or sent).
    @Test func theRoomOfAPaymentBeingCheckedCannotBeHeldAgainUntilItsAnswerLands() {
        let (browsing, _) = Flow.reduce(Fix.processing(polls: 1), .backTapped)
        let (chosen, _) = Flow.reduce(browsing, .offerChosen(S.offer))
        #expect(chosen.isBeingPaid(S.offer.id))
        #expect(!chosen.enabledActions.contains(.hold))
        let hold = chosen.actions.first { $0.action == .hold }
        #expect(hold?.disabledReason?.contains("A payment for this room is being checked") == true)
        let (refused, effects) = Flow.reduce(chosen, .holdTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(refused == chosen)
        #expect(effects.isEmpty, "nothing saved, nothing sent")
        // Its answer lands: the room may be held again (a new decision).
        let (landed, _) = Flow.reduce(chosen, .bookingPolled(Fix.a1, .found(Fix.booking(.failed, 3))))
        #expect(!landed.isBeingPaid(S.offer.id))
    }

    @Test func anotherRoomMayBeHeldWhileAPaymentIsBeingSettled() {
        let (browsing, _) = Flow.reduce(Fix.processing(polls: 1), .backTapped)
        let other = Offer(
            id: OfferID("offer-2"), propertyName: "Casa do Rio", checkIn: CalendarDate("2026-11-03")!,
            checkOut: CalendarDate("2026-11-06")!, guests: 2, quote: S.quote)!
        let (chosen, _) = Flow.reduce(browsing, .offerChosen(other))
        #expect(chosen.enabledActions.contains(.hold))
        let (holding, effects) = Flow.reduce(chosen, .holdTapped(attempt: Fix.a2, key: Fix.k2))
        #expect(holding.stage.kind == .requestingHold)
        #expect(effects.count == 2)
        // The earlier payment lands while the new hold is on screen: the banner says so.
        let (landed, _) = Flow.reduce(holding, .bookingPolled(Fix.a1, .found(Fix.booking(.confirmed, 3))))
        #expect(landed.stage.kind == .requestingHold)
        #expect(landed.paymentBeingChecked == nil)
        #expect(landed.banner == "Your earlier payment went through: that booking is confirmed.")
        #expect(landed.bannerText?.key == "booking.banner.earlierPayment.confirmed")
    }

    @Test func anUnreachableServerSaysWeCouldNotConfirmAtOnceWithCheckAgainAndBack() {
        let looking = Fix.unknown(checks: 0)
        let (state, effects) = Flow.reduce(looking, .attemptLookedUp(Fix.a1, .unreachable))
        #expect(state.title == "We could not confirm")
        #expect(state.message == Flow.couldNotConfirmMessage)
        #expect(state.enabledActions == [.checkAgain, .back])
        #expect(state.isAtRest)  // an awaited pay(with:) returns now, not after two minutes
        #expect(effects == [.lookUpAttempt(Fix.a1, Fix.k1, after: .seconds(4))])  // and the checks go on
        // Check again asks now; an answer that finds the booking settles it.
        let (checking, lookup) = Flow.reduce(state, .checkAgainTapped)
        #expect(lookup == [.lookUpAttempt(Fix.a1, Fix.k1, after: .zero)])
        #expect(checking.title == "Checking your payment")
        let (settled, _) = Flow.reduce(checking, .attemptLookedUp(Fix.a1, .found(Fix.booking(.confirmed, 1))))
        #expect(settled.stage.kind == .confirmed)
    }
}
