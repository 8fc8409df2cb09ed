import Foundation

/// How a payment ended, as far as the server has said: what
/// `BookingClient.pay(with:)` and `waitForPayment()` return, once the
/// payment has left and the server answered, or certainly did not leave.
/// Switch on it as on StoreKit's `Product.PurchaseResult`.
///
/// ```swift
/// switch try await client.pay(with: token) {
/// case .confirmed(let trip): showTrip(trip)
/// case .needsBankPage(let url, _): present(url)  // then open(returnLink) or returnedToApp()
/// case .declined: askForAnotherCard()  // then pay(with:) again: the room is kept
/// case .failed(let reason): showFailure(reason)  // retry() starts a new attempt
/// case .notPaid(_, let canPayAgain): showNotPaid(canPayAgain)  // pay(with:) again when canPayAgain
/// case .stillHeld: break  // nothing was sent: pay(with:) again
/// case .expired: showResults()  // the hold ran out; retry() holds again
/// case .stillBeingChecked(let check): showPending(check)  // never pay again here
/// }
/// ```
public enum PaymentResult: Equatable, Sendable {
    /// The booking is confirmed: the trip, saved on this device (or, when
    /// the device could not save it, `trip.isSavedOnDevice` false: the next
    /// launch saves it).
    case confirmed(Trip)
    /// The bank asks for 3-D Secure: present `url` (a browser or
    /// `ASWebAuthenticationSession`). When the user comes back (the return
    /// link through `BookingClient.open(_:)`, or `returnedToApp()`), call
    /// `waitForPayment()` for the outcome. The payment has left; do not pay
    /// again.
    case needsBankPage(URL, booking: BookingID)
    /// The bank declined the card. The room stays held: `pay(with:)` with
    /// another card keeps it under a new attempt and key ("Try another
    /// card", the hold read again) and pays it.
    case declined
    /// The payment failed for `reason` (the server failed the booking, or
    /// refused the request, or the device's storage was full so nothing was
    /// sent). This attempt charged nothing; with
    /// `BookingFlow.holdAlreadyBookedCode` the hold was paid by another
    /// attempt already (look at the trips); with
    /// `BookingFlow.stayAlreadyBookedCode` ("STAY_ALREADY_BOOKED") the
    /// account had booked the same stay already, on this or another device:
    /// the room held here is given up, that booking is now in the trips
    /// (when confirmed), and `hold(_:)` of the stay
    /// throws `.alreadyBooked` until the traveller asks for a second room
    /// (`bookingAgain: true`). `retry()` starts a new attempt.
    case failed(BookingFlow.FailureReason)
    /// The server certainly took no payment under this attempt's key
    /// (`reason` says how the client knows). `canPayAgain` is true when the
    /// hold may still be live: `pay(with:)` pays it again under a new key
    /// ("Pay again"); otherwise `retry()` holds the room again.
    case notPaid(BookingFlow.NotPaidReason, canPayAgain: Bool)
    /// Nothing was sent: the countdown had ended on this device, the hold
    /// was read again and the server still holds the room. `pay(with:)`
    /// pays once more itself; this is returned when that read, too, said
    /// held without a payment. Call `pay(with:)` again.
    case stillHeld(BookingFlow.Held)
    /// The hold ran out before the payment could leave: nothing was
    /// charged. `retry()` holds the room again.
    case expired
    /// The payment may have been taken and the server has not said how it
    /// ended: never pay again from here. `check` says what the app may do.
    case stillBeingChecked(PaymentCheck)
}

/// What is known of a payment still being checked, and what the app may do.
public enum PaymentCheck: Equatable, Sendable {
    /// The payment's answer was lost and the lookups by its key ran out
    /// without an answer ("We could not confirm"): tell the user an email
    /// follows if it went through; `checkAgain()` asks once more.
    case couldNotConfirm
    /// The server is still processing booking `id` after the scheduled
    /// polls: `checkAgain()` later (or when the scene becomes active), then
    /// `waitForPayment()`.
    case stillProcessing(BookingID)
    /// The server refused the app's credential (HTTP 401) while the payment
    /// was being sent or checked: nothing was concluded. Sign the user in,
    /// call `signedIn(_:)` (it looks the payment up first), then
    /// `waitForPayment()`.
    case signInRequired
    /// The wait ended before the payment settled: the awaiting task was
    /// cancelled, another call moved the flow, or a wallet sheet's deadline
    /// passed (`payFromWalletSheet(with:within:)`). The flow goes on; `state`
    /// is where it was, `waitForPayment()` waits again.
    case waitEnded(BookingFlow.State)
}
