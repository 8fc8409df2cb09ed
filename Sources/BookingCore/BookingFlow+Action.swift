extension BookingFlow {
    /// A button the screen can show. The button is a hint: the reducer is
    /// the guard, so a tap on a disabled one changes nothing.
    public enum Action: String, Hashable, Sendable, CaseIterable {
        /// Hold the room (sends `holdTapped`).
        case hold
        /// Pay (sends `payTapped`).
        case pay
        /// Accept the new price (sends `acceptNewPriceTapped`).
        case acceptNewPrice
        /// Try again with a new attempt (sends `retryTapped`).
        case retry
        /// Ask the server again (sends `checkAgainTapped`).
        case checkAgain
        /// Open the bank's page again (sends `openChallengeTapped`).
        case openChallenge
        /// Back, or Done (sends `backTapped`).
        case back
        /// Leave the bank's page and pay the same room another way (sends
        /// `useAnotherCardTapped`).
        case useAnotherCard
        /// Go on after signing in again with a new credential (sends
        /// `signedIn`; an app swaps the credential first).
        case signIn
        /// Apply a coupon code to the held room (sends `couponEntered`).
        case applyCoupon

        /// The button's words.
        package var label: String {
            switch self {
            case .hold: return "Hold this room"
            case .pay: return "Pay"
            case .acceptNewPrice: return "Accept the new price"
            case .retry: return "Try again"
            case .checkAgain: return "Check again"
            case .openChallenge: return "Open your bank's page"
            case .back: return "Back"
            case .useAnotherCard: return "Use another card"
            case .signIn: return BookingFlow.signInAgainLabel
            case .applyCoupon: return "Apply a coupon code"
            }
        }
    }

    /// One action on screen: enabled, or disabled with the reason shown.
    public struct ActionState: Hashable, Sendable, Identifiable {
        /// The action (call the client's or the model's method of the same
        /// name).
        public let action: Action
        /// The action, which names the button (`Identifiable`, for a list).
        public var id: Action { action }
        /// Whether tapping it does something.
        public let isEnabled: Bool
        /// Why it is disabled; `nil` when enabled.
        package let disabledReason: String?
        /// The button's words here (usually `action.label`).
        package let label: String

        /// An enabled action, with its usual words unless `label` is given.
        package static func enabled(_ action: Action, label: String? = nil) -> ActionState {
            ActionState(action: action, isEnabled: true, disabledReason: nil, label: label ?? action.label)
        }

        /// A disabled action and why.
        package static func disabled(_ action: Action, because reason: String, label: String? = nil) -> ActionState {
            ActionState(action: action, isEnabled: false, disabledReason: reason, label: label ?? action.label)
        }
    }

    /// Where the screen should go.
    public enum Navigation: Hashable, Sendable {
        /// The results list, with these offers marked sold out.
        case results(soldOut: Set<OfferID>)
        /// The bank's 3-D Secure page.
        case challenge(url: String)
        /// The confirmed trip.
        case trip(BookingID)
    }

    /// What the screen is waiting for; `nil` when nothing is out.
    package enum PendingWork: String, Hashable, Sendable {
        /// The hold request.
        case holdRequest
        /// The countdown's timer.
        case holdTimer
        /// The hold being read again.
        case holdRead
        /// The payment request.
        case payment
        /// The lookup by key.
        case lookup
        /// The booking poll.
        case poll
        /// The coupon code being applied (Pay waits).
        case coupon
        /// The booking on the bank's page being ended on the server after
        /// "Use another card" (the room is paid again once it is).
        case leavingChallenge
    }
}
