// Outputs: what a screen or the CLI draws, loads and where it goes,
// computed from the state alone. The CLI renders only these.
extension BookingFlow.State {
    private static let offlineReason = "You are offline."
    /// Why Pay is refused for a room this device booked (or is paying) under
    /// another attempt since this one held it: another process's payment,
    /// which this screen could not show.
    package static let paidElsewhereReason =
        "This room was booked, or is being paid, under another payment on this device. Paying would book it "
        + "twice: go back to give this hold up, or hold the room again on purpose."
    /// Why Hold is disabled for a room whose payment is being checked (by
    /// this flow, or by another process on the same data directory).
    package static let beingPaidReason =
        "A payment for this room is being checked. Its answer comes first: do not pay for this room again."

    /// The messages of the stages that show one of several, by variant.
    private static let messageOfVariant: [String: String] = [
        "checkingHold.timeUnknown": "Checking with the server how much time is left on your hold.",
        "checkingHold.reading": "The countdown ended. Checking whether the room is still held.",
        "checkingHold.unreachable": "We could not reach the server to check the hold.",
        "unknown.gaveUp": BookingFlow.couldNotConfirmMessage,
        "unknown": "We did not get an answer. Checking with the server. Do not pay again.",
        "processing.stillChecking":
            "Still checking. The booking shows in your trips once the server confirms it. Do not pay again.",
        "processing": "Waiting for the payment to complete.",
        "held": "Pay before the countdown ends.",
        "held.coupon.applying": "Applying your coupon code. Pay waits for the new price.",
        "held.coupon.applied": "Coupon applied: the new price is shown. Pay before the countdown ends.",
        "held.coupon.refused.unknown": "This coupon code does not exist. The price has not changed.",
        "held.coupon.refused.expired": "This coupon code has expired. The price has not changed.",
        "held.coupon.refused.notApplicable": "This coupon code is not valid for this room. The price has not changed.",
        "held.coupon.refused.alreadyUsed": "You have already used this coupon code. The price has not changed.",
        "held.coupon.refused.alreadyApplied":
            "A coupon code is applied to this room already; only one can be used. The price has not changed.",
        "held.coupon.refused.notSent": "The coupon code could not be applied now. The price has not changed.",
        "signInRequired":
            "The server no longer accepts your sign-in. Nothing was lost: your room and your attempt are kept "
            + "as they were. Sign in again to go on.",
        "signInRequired.payment":
            "The server no longer accepts your sign-in. Your payment is kept as it was: sign in again and "
            + "it is checked with the server. Do not pay again.",
    ]

    /// The screen's title.
    package var title: String {
        switch stage {
        case .browsing: return "Choose a room"
        case .offerChosen(let offer): return offer.propertyName
        case .requestingHold: return "Holding the room"
        case .held: return "Room held"
        case .checkingHold: return "Checking your hold"
        case .priceChanged: return "The price changed"
        case .submitting: return "Paying"
        case .unknown(let s): return s.couldNotConfirm ? "We could not confirm" : "Checking your payment"
        case .actionRequired: return "Confirm with your bank"
        case .processing(let s): return s.isStillChecking ? "Still checking" : "Confirming your booking"
        case .confirmed(let s): return s.isSavedOnDevice ? "Booking confirmed" : "Booking confirmed on the server"
        case .failed(let s):
            switch s.reason {
            case .holdUnavailable: return "Could not hold the room"
            case .holdNotKnown: return "No answer about the room"
            case .waitRequested: return "The server asked us to wait"
            case .superseded: return "Replaced by a newer hold"
            case .bookedElsewhere: return "Booked on another device"
            case .storageFull: return "The device's storage is full"
            case .declined: return "Payment declined"
            case .abandoned: return "You left your bank's page"
            case .rejected(let code) where code == BookingFlow.paymentMethodOffCode:
                return "This payment method is switched off"
            case .rejected(let code) where code == BookingFlow.holdAlreadyBookedCode:
                return "Already booked"
            case .rejected(let code) where code == BookingFlow.stayAlreadyBookedCode:
                return "You already booked this stay"
            case .rejected: return "Payment refused"
            // It never left the device: nothing failed on the server's side.
            case .notSent: return "Payment not sent"
            default: return "Payment failed"
            }
        case .expired: return "Room no longer held"
        case .cancelled: return "Booking cancelled"
        case .notPaid: return "Not paid"
        case .signInRequired: return BookingFlow.signInAgainLabel
        }
    }

    /// The screen's message, if any.
    package var message: String? {
        switch stage {
        case .browsing:
            return soldOutOffers.isEmpty ? nil : "Rooms marked sold out can no longer be booked."
        case .offerChosen(let offer):
            return "\(offer.checkIn) to \(offer.checkOut), \(offer.nights) night(s), \(offer.guests) guest(s)."
        case .requestingHold:
            return "Asking the hotel to keep the room for you."
        case .checkingHold(let s) where !s.readPending && s.waitUntil != nil:
            let until = BookingFlow.clockTime(s.waitUntil ?? 0)
            return "The server asked us to wait until \(until) before checking the hold again."
        case .held, .checkingHold, .unknown, .processing, .signInRequired:
            // Which of the stage's messages shows is decided once, by its
            // variant (BookingFlow+TextKeys.swift), which also keys the text.
            return Self.messageOfVariant[variant]
        case .priceChanged(let s):
            let old = s.offer.map { "It was \($0.quote.price.total.formatted), it" } ?? "It"
            return "\(old) is now \(s.newQuote.price.total.formatted)."
        case .submitting:
            return "Sending your payment. Do not pay again."
        case .actionRequired(let s) where s.couldNotLeave:
            return "We could not reach the server to leave your bank's page, so this payment still waits for your "
                + "bank. Confirm with your bank, or try another card again."
        case .actionRequired:
            return "Your bank asks you to confirm the payment."
        case .confirmed(let s):
            let voucher = s.booking.voucherCode.map { "Your voucher: \($0). " } ?? ""
            return voucher
                + (s.isSavedOnDevice ? "The trip is available offline." : BookingFlow.confirmedNotSavedMessage)
        case .failed(let s):
            switch s.reason {
            case .holdUnavailable: return "The room could not be held. Nothing was charged."
            case .holdNotKnown:
                return "We did not get a clear answer, so the room may be held for you. "
                    + "Try again asks for the same hold; if you leave, a room held for you is let go."
            case .waitRequested(let until):
                return "The server asked us to wait until \(BookingFlow.clockTime(until)). "
                    + "Nothing was sent and nothing was charged. Try again then."
            case .notSent: return "We could not reach the server, so this payment was not sent."
            case .declined:
                return s.holdID == nil
                    ? "Your bank declined the payment."
                    : "Your bank declined the payment. The room is still held for you: try another card."
            case .paymentFailed: return "The payment did not go through."
            case .abandoned:
                return s.holdID == nil
                    ? "The payment was stopped at your bank's page. Nothing was charged."
                    : "The payment was stopped at your bank's page. Nothing was charged. "
                        + "The room is still held for you: try another card."
            case .rejected(let code) where code == BookingFlow.paymentMethodOffCode:
                return "This way of paying is switched off for now. Nothing was charged."
                    + (s.holdID == nil ? "" : " The room is still held for you.")
            case .rejected(let code) where code == BookingFlow.holdAlreadyBookedCode:
                return "The server says this room is already booked under this hold, so this payment did not run. "
                    + "Check your trips before paying again."
            case .rejected(let code) where code == BookingFlow.stayAlreadyBookedCode:
                return "Your account already has a booking of this room for these dates, made or being paid on "
                    + "this or another device, so this payment did not run. Nothing was charged. Check your trips; "
                    + "to book a second room, hold it again."
            case .rejected:
                return "The server refused this payment, so it did not run. Nothing was charged for it."
                    + (s.holdID == nil ? "" : " The room is still held for you.")
            case .superseded:
                return "A newer hold, started elsewhere on this device, replaced this one. Nothing was charged."
            case .bookedElsewhere:
                return "This room was paid on another device of your account, so it is booked: the booking shows "
                    + "in your trips. Nothing was charged here."
            case .storageFull: return BookingFlow.storageFullMessage
            }
        case .expired:
            return "The hold ran out before payment. Hold the room again to book it."
        case .cancelled:
            return "This booking was cancelled."
        case .notPaid(let s):
            switch s.reason {
            case .serverFailedTheKey:
                return "The server did not take the payment. Nothing was charged. Start a new attempt to book the room."
            case .holdEnded:
                return "The hold ended before the server took the payment. Nothing was charged. "
                    + "Start a new attempt to book the room."
            case .keyClosed:
                return "The server never ran this payment and now never will. Nothing was charged. "
                    + (s.holdID == nil
                        ? "Start a new attempt to book the room." : "Pay again to book the room while it is held.")
            case .waitRequested(let until):
                return "The server asked us to wait until \(BookingFlow.clockTime(until)). "
                    + "Nothing was sent and nothing was charged. Pay again then, while the room is held."
            }
        }
    }

    /// The actions on screen, in order, each enabled or disabled with a reason.
    public var actions: [BookingFlow.ActionState] {
        typealias A = BookingFlow.ActionState
        let online = { (action: BookingFlow.Action) in
            isOnline ? A.enabled(action) : A.disabled(action, because: Self.offlineReason)
        }
        switch stage {
        case .browsing:
            return []
        case .offerChosen(let offer) where isBeingPaid(offer.id):
            return [.disabled(.hold, because: Self.beingPaidReason), .enabled(.back)]
        case .offerChosen:
            return [online(.hold), .enabled(.back)]
        case .requestingHold:
            return [.disabled(.pay, because: "The room is not held yet."), .enabled(.back)]
        case .held(let s) where s.coupon.isApplying:
            return [
                .disabled(.pay, because: "Your coupon code is being applied."),
                .disabled(.applyCoupon, because: "Your coupon code is being applied."), .enabled(.back),
            ]
        case .held(let s):
            // One code per hold: once one is applied, another is not offered.
            let coupon: A
            if case .applied = s.coupon {
                coupon = .disabled(.applyCoupon, because: "A coupon code is applied already; a room takes one.")
            } else {
                coupon = online(.applyCoupon)
            }
            if isOnline, let reason = paymentMethodOffReason ?? guestReason {
                return [.disabled(.pay, because: reason), coupon, .enabled(.back)]
            }
            return [online(.pay), coupon, .enabled(.back)]
        case .checkingHold(let s):
            return [
                .disabled(.pay, because: "The hold is being checked."),
                s.readPending ? .disabled(.checkAgain, because: "Checking now.") : .enabled(.checkAgain),
                .enabled(.back),
            ]
        case .priceChanged:
            return [online(.acceptNewPrice), .enabled(.back)]
        case .submitting:
            return [.disabled(.pay, because: "Your payment is being sent."), .enabled(.back)]
        case .unknown(let s):
            // Back never waits: the payment goes on being checked (`paymentBeingChecked`).
            return s.checkPending && !s.isUnreachable ? [.enabled(.back)] : [.enabled(.checkAgain), .enabled(.back)]
        case .actionRequired(let s) where s.leaving != nil:
            return [.disabled(.useAnotherCard, because: "Leaving your bank's page.")]
        case .actionRequired(let s):
            return [.enabled(.openChallenge)] + (s.payment.holdID == nil ? [] : [.enabled(.useAnotherCard)])
                + [.enabled(.back)]
        case .processing(let s):
            return s.pollPending ? [.enabled(.back)] : [.enabled(.checkAgain), .enabled(.back)]
        case .confirmed, .cancelled:
            return [.enabled(.back)]
        case .failed(let s) where s.reason == .superseded:
            return [.enabled(.back)]  // retrying would replace the newer hold in turn
        case .failed(let s) where s.reason == .bookedElsewhere:
            return [.enabled(.back)]  // retrying would book the room a second time
        case .failed(let s) where s.holdID != nil:
            let label =
                s.reason == .declined || s.reason == .paymentFailed || s.reason == .abandoned
                ? BookingFlow.anotherCardLabel : nil
            return [
                isOnline
                    ? .enabled(.retry, label: label) : .disabled(.retry, because: Self.offlineReason, label: label),
                .enabled(.back),
            ]
        case .failed:
            return [online(.retry), .enabled(.back)]
        case .notPaid(let s):
            let label = s.holdID == nil ? BookingFlow.startNewAttemptLabel : BookingFlow.payAgainLabel
            return [
                isOnline
                    ? .enabled(.retry, label: label) : .disabled(.retry, because: Self.offlineReason, label: label),
                .enabled(.back),
            ]
        case .signInRequired:
            // Nothing is sent before the new credential: the resume asks first.
            return [.enabled(.signIn), .enabled(.back)]
        case .expired:
            // A new hold of the same room, not a check of the old one.
            let holdAgain = "Hold the room again"
            return [
                isOnline
                    ? .enabled(.retry, label: holdAgain)
                    : .disabled(.retry, because: Self.offlineReason, label: holdAgain),
                .enabled(.back),
            ]
        }
    }

    /// The live hold that Retry pays again under a new attempt and key (a
    /// declined card, a closed key): nil when a retry asks for a new hold.
    package var sameHoldRetry: HoldID? {
        switch stage {
        case .failed(let s): return s.holdID
        case .notPaid(let s): return s.holdID
        default: return nil
        }
    }

    /// The actions that are enabled.
    public var enabledActions: [BookingFlow.Action] { actions.filter(\.isEnabled).map(\.action) }

    /// The hold's countdown, while held: the screen shows
    /// `countdown.remaining(at: holdClock.now())`; at zero pay is locked.
    package var countdown: HoldCountdown? {
        if case .held(let s) = stage { return s.countdown }
        return nil
    }

    /// A banner above the screen, if any: a payment still being checked
    /// (the user went Back from it) first, then being offline, then how
    /// an earlier payment ended while another attempt was on screen.
    package var banner: String? {
        bannerVariant.map { Self.bannerOfVariant[$0] ?? "" }
    }

    /// The banners' words, by variant (`booking.banner.<variant>`).
    private static let bannerOfVariant: [String: String] = [
        "paymentBeingChecked": "A payment is still being checked. Do not pay for that room again.",
        "offline": "You are offline. Holding and paying need a connection.",
        "earlierPayment.confirmed": "Your earlier payment went through: that booking is confirmed.",
        "earlierPayment.notPaid": "Your earlier payment did not go through. Nothing was charged for it.",
        "earlierPayment.needsBank": "Your earlier payment waits for your bank's confirmation.",
        "earlierPayment.couldNotConfirm": BookingFlow.couldNotConfirmMessage,
        "earlierPayment.signInRequired": "Sign in again to check your earlier payment. Do not pay for it again.",
    ]

    /// Which banner shows, if any.
    var bannerVariant: String? {
        if case .signInRequired? = paymentBeingChecked { return "earlierPayment.signInRequired" }
        if paymentBeingChecked != nil { return "paymentBeingChecked" }
        if !isOnline { return "offline" }
        switch earlierPayment {
        case .confirmed?: return "earlierPayment.confirmed"
        case .failed?, .notPaid?, .expired?, .cancelled?: return "earlierPayment.notPaid"
        case .actionRequired?: return "earlierPayment.needsBank"
        case .signInRequired?: return "earlierPayment.signInRequired"
        case .some: return "earlierPayment.couldNotConfirm"
        case nil: return nil
        }
    }

    /// Where to navigate, if anywhere.
    public var navigation: BookingFlow.Navigation? {
        switch stage {
        case .browsing: return .results(soldOut: soldOutOffers)
        case .actionRequired(let s): return .challenge(url: s.challengeURL)
        case .confirmed(let s) where s.isSavedOnDevice: return .trip(s.booking.id)
        default: return nil  // a confirmation not saved has no trip on the device yet
        }
    }

    /// The trip to load from the store and show, if any.
    package var tripToLoad: BookingID? {
        if case .confirmed(let s) = stage, s.isSavedOnDevice { return s.booking.id }
        return nil
    }

    /// The price to show, line by line, if one is known.
    public var price: PriceBreakdown? {
        switch stage {
        case .offerChosen(let offer): return offer.quote.price
        case .requestingHold(let s): return s.offer?.quote.price
        case .held(let s): return s.hold.price
        case .priceChanged(let s): return s.newQuote.price
        case .submitting(let s): return s.price
        default: return nil
        }
    }

    /// What the flow is waiting for, if anything: the screen shows progress.
    package var pendingWork: BookingFlow.PendingWork? {
        switch stage {
        case .requestingHold: return .holdRequest
        case .held(let s): return s.coupon.isApplying ? .coupon : .holdTimer
        case .checkingHold(let s): return s.readPending ? .holdRead : nil
        case .submitting: return .payment
        case .unknown(let s) where s.isUnreachable:
            return nil  // "We could not confirm", with actions: the back-off goes on unseen
        case .unknown(let s):
            switch s.waitingFor {
            case .lookup?: return .lookup
            case .resend?: return .payment
            case .holdRead?: return .holdRead
            case .keyClose?: return .lookup
            case nil: return nil
            }
        case .processing(let s): return s.pollPending ? .poll : nil
        case .actionRequired(let s): return s.leaving == nil ? nil : .leavingChallenge
        default: return nil
        }
    }

    /// Whether to show a progress indicator (waiting, and no action to take).
    public var showsProgress: Bool { pendingWork != nil && pendingWork != .holdTimer }
}

extension BookingFlow {
    /// The code of a hold or payment failure that was this device's full
    /// storage (the attempt could not be saved, so nothing was sent), in
    /// `HoldFailure.rejected` and `PaymentFailure.rejected`.
    package static let storageFullCode = "LOCAL_STORAGE_FULL"

    /// The code of a payment the server refused because its payment method
    /// kind is switched off (`409 PAYMENT_METHOD_DISABLED`): nothing ran,
    /// the room stays held, and Pay with that kind is disabled.
    package static let paymentMethodOffCode = "PAYMENT_METHOD_DISABLED"

    /// The code of a payment the server refused because the hold is booked
    /// already (`409 HOLD_ALREADY_BOOKED`, naming the booking): this
    /// request did not run, and the booking that uses the hold is in trips.
    package static let holdAlreadyBookedCode = "HOLD_ALREADY_BOOKED"

    /// The code of a payment the server refused because the account has a
    /// booking of the same stay already, made on this or another device
    /// (`409 STAY_ALREADY_BOOKED`, naming it; the client sends that
    /// condition unless the traveller asked for a second room): this
    /// request did not run, and that booking is saved in trips, so the
    /// next Hold of the stay asks first.
    package static let stayAlreadyBookedCode = "STAY_ALREADY_BOOKED"

    /// The words of the retry action after "not paid": a new attempt, with a new key.
    package static let startNewAttemptLabel = "Start a new attempt"

    /// The words of the retry action after a closed key with the hold still
    /// live: the same hold, paid under a new attempt and key.
    package static let payAgainLabel = "Pay again"

    /// The words of the retry action after a declined payment: the same
    /// hold, paid with another payment method under a new attempt and key.
    package static let anotherCardLabel = "Try another card"

    /// The exact words of a confirmation this device could not save.
    package static let confirmedNotSavedMessage =
        "Your booking is confirmed on the server, but this device could not save it yet. "
        + "It will show in your trips once saved, at the next launch."

    /// The exact words when the storage was full.
    package static let storageFullMessage =
        "The device's storage is full: nothing was sent. Free some space and try again."
}
