import BookingCore
import Testing

/// The stages that show one of several messages (checking the hold, an
/// unknown outcome, processing) show the one their state calls for.
@Suite struct PendingMessageTests {
    typealias Flow = BookingFlow
    typealias S = BookingFlow.Samples

    static func checkingHold(readPending: Bool, isTimeUnknown: Bool) -> Flow.State {
        Fix.state(
            .checkingHold(
                Flow.CheckingHold(
                    attempt: Fix.attempt1, offer: S.offer, holdID: S.holdID, readPending: readPending,
                    isTimeUnknown: isTimeUnknown)))
    }

    @Test func checkingTheHold() {
        #expect(
            Self.checkingHold(readPending: true, isTimeUnknown: true).message
                == "Checking with the server how much time is left on your hold.")
        #expect(
            Self.checkingHold(readPending: true, isTimeUnknown: false).message
                == "The countdown ended. Checking whether the room is still held.")
        #expect(
            Self.checkingHold(readPending: false, isTimeUnknown: true).message
                == "We could not reach the server to check the hold.")
    }

    /// A read the client's own `Retry-After` gate kept on the device is the
    /// server's wait, never "could not reach the server".
    @Test func aHoldReadTheServersWaitKeptBackSaysSo() {
        let reading = Self.checkingHold(readPending: true, isTimeUnknown: false)
        let (waiting, effects) = BookingFlow.reduce(
            reading, .holdReadFailed(reading.stage.attemptID!, .waitRequested(until: 1_780_003_600)))
        #expect(effects.isEmpty)
        #expect(waiting.message?.hasPrefix("The server asked us to wait until ") == true, "\(waiting.message ?? "")")
        #expect(waiting.message?.contains("could not reach") == false)
        #expect(waiting.messageText?.key == "booking.message.checkingHold.waiting")
        #expect(waiting.enabledActions.contains(.checkAgain))
    }

    @Test func lookingUpAnUnknownOutcome() {
        #expect(Fix.unknown(checks: 6, pending: false).message == BookingFlow.couldNotConfirmMessage)
        #expect(
            Fix.unknown(checks: 0).message == "We did not get an answer. Checking with the server. Do not pay again.")
    }

    @Test func pollingAPaymentInProcessing() {
        #expect(
            Fix.processing(polls: 9, pending: false).message
                == "Still checking. The booking shows in your trips once the server confirms it. Do not pay again.")
        #expect(Fix.processing(polls: 0).message == "Waiting for the payment to complete.")
    }
}
