// The keyed layer over the flow's outputs (BookingFlow+Output.swift): each
// title, message, banner, action label and disabled reason as a
// `LocalizedText` whose key names the stage (and the variant the stage
// shows) and whose default is the English output itself, so the two never
// differ.
extension BookingFlow.State {
    /// The title, keyed.
    public var titleText: LocalizedText {
        switch stage {
        case .offerChosen(let offer):
            return LocalizedText(key: "booking.title.offerChosen", defaultValue: title, arguments: [offer.propertyName])
        default:
            return LocalizedText(key: "booking.title." + variant, defaultValue: title)
        }
    }

    /// The message, keyed; nil when there is none.
    public var messageText: LocalizedText? {
        guard let message else { return nil }
        return LocalizedText(key: "booking.message." + variant, defaultValue: message, arguments: messageArguments)
    }

    /// The banner, keyed; nil when there is none.
    public var bannerText: LocalizedText? {
        guard let variant = bannerVariant, let banner else { return nil }
        return LocalizedText(key: "booking.banner." + variant, defaultValue: banner)
    }

    /// The stage's name, refined by what changes its title or message.
    var variant: String {
        switch stage {
        case .browsing: return soldOutOffers.isEmpty ? "browsing" : "browsing.soldOut"
        case .held(let s):
            switch s.coupon {
            case .idle: return "held"
            case .applying: return "held.coupon.applying"
            case .applied: return "held.coupon.applied"
            case .refused(_, let reason): return "held.coupon.refused." + reason.rawValue
            }
        case .checkingHold(let s) where s.isTimeUnknown && s.readPending: return "checkingHold.timeUnknown"
        case .checkingHold(let s) where !s.readPending && s.waitUntil != nil: return "checkingHold.waiting"
        case .checkingHold(let s): return s.readPending ? "checkingHold.reading" : "checkingHold.unreachable"
        case .priceChanged(let s): return s.offer == nil ? "priceChanged" : "priceChanged.fromOld"
        case .unknown(let s): return s.couldNotConfirm ? "unknown.gaveUp" : "unknown"
        case .processing(let s): return s.isStillChecking ? "processing.stillChecking" : "processing"
        case .signInRequired(let s):
            switch s.interrupted {
            case .submitting, .unknown, .actionRequired, .processing: return "signInRequired.payment"
            default: return "signInRequired"
            }
        case .confirmed(let s):
            let base = s.isSavedOnDevice ? "confirmed" : "confirmed.notSaved"
            return s.booking.voucherCode == nil ? base : base + ".voucher"
        case .failed(let s) where s.reason == .declined && s.holdID != nil: return "failed.declined.stillHeld"
        case .failed(let s) where s.reason == .rejected(code: BookingFlow.paymentMethodOffCode):
            return s.holdID == nil ? "failed.paymentMethodOff" : "failed.paymentMethodOff.stillHeld"
        case .failed(let s) where s.reason == .rejected(code: BookingFlow.holdAlreadyBookedCode):
            return "failed.holdAlreadyBooked"
        case .failed(let s) where s.reason == .rejected(code: BookingFlow.stayAlreadyBookedCode):
            return "failed.stayAlreadyBooked"
        case .failed(let s) where s.reason.isRejection && s.holdID != nil: return "failed.rejected.stillHeld"
        case .failed(let s): return "failed." + Self.name(of: s.reason)
        case .notPaid(let s):
            switch s.reason {
            case .serverFailedTheKey: return "notPaid.serverFailedTheKey"
            case .holdEnded: return "notPaid.holdEnded"
            case .keyClosed: return s.holdID == nil ? "notPaid.keyClosed" : "notPaid.keyClosed.payAgain"
            case .waitRequested: return "notPaid.waitRequested"
            }
        default: return stage.name
        }
    }

    private var messageArguments: [String] {
        switch stage {
        case .offerChosen(let offer):
            return [offer.checkIn.description, offer.checkOut.description, "\(offer.nights)", "\(offer.guests)"]
        case .priceChanged(let s):
            return (s.offer.map { [$0.quote.price.total.formatted] } ?? []) + [s.newQuote.price.total.formatted]
        case .confirmed(let s):
            return s.booking.voucherCode.map { [$0] } ?? []
        case .failed(let s):
            if case .waitRequested(let until) = s.reason { return [BookingFlow.clockTime(until)] }
            return []
        case .checkingHold(let s) where !s.readPending:
            return s.waitUntil.map { [BookingFlow.clockTime($0)] } ?? []
        case .notPaid(let s):
            if case .waitRequested(let until) = s.reason { return [BookingFlow.clockTime(until)] }
            return []
        default:
            return []
        }
    }

    private static func name(of reason: BookingFlow.FailureReason) -> String {
        switch reason {
        case .holdUnavailable: return "holdUnavailable"
        case .holdNotKnown: return "holdNotKnown"
        case .waitRequested: return "waitRequested"
        case .notSent: return "notSent"
        case .declined: return "declined"
        case .paymentFailed: return "paymentFailed"
        case .abandoned: return "abandoned"
        case .rejected: return "rejected"
        case .superseded: return "superseded"
        case .bookedElsewhere: return "bookedElsewhere"
        case .storageFull: return "storageFull"
        }
    }
}

extension BookingFlow.ActionState {
    /// The button's words, keyed: `booking.action.<action>`, or with the
    /// words' own name when the screen relabels the action.
    public var labelText: LocalizedText {
        let base = "booking.action." + action.rawValue
        return LocalizedText(key: label == action.label ? base : base + "." + Self.slug(label), defaultValue: label)
    }

    /// Why the button is disabled, keyed; nil when it is enabled.
    public var disabledReasonText: LocalizedText? {
        disabledReason.map { LocalizedText(key: "booking.reason." + Self.slug($0), defaultValue: $0) }
    }

    /// Lower camel case of the words of `text`: "The room is not held yet."
    /// gives `theRoomIsNotHeldYet`.
    static func slug(_ text: String) -> String {
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        return words.enumerated().map { $0 == 0 ? $1.lowercased() : $1.prefix(1).uppercased() + $1.dropFirst() }
            .joined()
    }
}
