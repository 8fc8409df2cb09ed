import BookingCore
import Testing

/// The server confirmed the payment but this device could not save it (its
/// storage full, say). The flow takes the answer as `payAnswered` does, and
/// never says the trip is on the device: confirmed on the server, shown
/// once saved, no trip to open.
@Suite struct UnsavedConfirmationTests {
    typealias Flow = BookingFlow

    @Test func aConfirmationNotSavedIsConfirmedOnTheServerNeverAvailableOffline() {
        let (state, effects) = Flow.reduce(Fix.submitting, .confirmationNotSaved(Fix.a1, Fix.booking(.confirmed, 1)))
        guard case .confirmed(let settled) = state.stage else {
            Issue.record("expected confirmed, got \(state.stage.name)")
            return
        }
        #expect(!settled.isSavedOnDevice)
        #expect(state.title == "Booking confirmed on the server")
        #expect(state.message == "Your voucher: V-123. " + Flow.confirmedNotSavedMessage)
        #expect(state.message?.contains("available offline") == false)
        #expect(state.tripToLoad == nil)
        #expect(state.navigation == nil)
        #expect(state.actions == [.enabled(.back)])
        #expect(state.messageText?.key == "booking.message.confirmed.notSaved.voucher")
        #expect(effects.isEmpty)  // the repository's to save, at the next launch
    }

    @Test func aSavedConfirmationStillSaysTheTripIsAvailableOffline() {
        let (state, _) = Flow.reduce(Fix.submitting, .payAnswered(Fix.a1, Fix.booking(.confirmed, 1)))
        #expect(state.title == "Booking confirmed")
        #expect(state.message == "Your voucher: V-123. The trip is available offline.")
        #expect(state.tripToLoad == Flow.Samples.bookingID)
        #expect(state.navigation == .trip(Flow.Samples.bookingID))
    }

    @Test func aLateConfirmationNotSavedEndsTheLookupLikeAnyAnswer() {
        let (state, effects) = Flow.reduce(
            Fix.unknown(checks: 3), .confirmationNotSaved(Fix.a1, Fix.booking(.confirmed, 1)))
        #expect(state.title == "Booking confirmed on the server")
        #expect(effects.isEmpty)
    }

    @Test func itChangesNothingWherePayAnsweredChangesNothing() {
        let old = Fix.processing(version: 2)
        let (state, effects) = Flow.reduce(old, .confirmationNotSaved(Fix.a1, Fix.booking(.confirmed, 1)))
        #expect(state == old)  // an older version is dropped
        #expect(effects.isEmpty)
        let saved = Flow.reduce(Fix.submitting, .payAnswered(Fix.a1, Fix.booking(.confirmed, 1))).state
        #expect(Flow.reduce(saved, .confirmationNotSaved(Fix.a1, Fix.booking(.confirmed, 2))).state == saved)
    }
}
