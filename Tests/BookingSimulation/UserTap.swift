import BookingCore
import BookingKit
import BookingPrimitives

/// What a simulated user does, as an app's screen does it: one of
/// `BookingClient`'s actions, which stamps ids, keys and hold-clock readings
/// itself and refuses what the screen does not offer.
enum UserTap: Sendable, CustomStringConvertible {
    case choose(Offer)
    case hold(Offer)
    case pay(PaymentToken)
    case acceptNewPrice
    case retry
    case checkAgain
    case openChallenge
    case useAnotherCard
    case signIn
    case applyCoupon(String)
    case back
    case returnedToApp
    case networkChanged(isOnline: Bool)
    /// "Pay it here" on a room the account holds from another device.
    case takeOver(HeldElsewhere)

    var description: String {
        switch self {
        case .choose: return "choose"
        case .hold: return "hold"
        case .pay: return "pay"
        case .acceptNewPrice: return "acceptNewPrice"
        case .retry: return "retry"
        case .checkAgain: return "checkAgain"
        case .openChallenge: return "openChallenge"
        case .useAnotherCard: return "useAnotherCard"
        case .signIn: return "signIn"
        case .applyCoupon(let code): return "applyCoupon(\(code))"
        case .back: return "back"
        case .returnedToApp: return "returnedToApp"
        case .networkChanged(let isOnline): return isOnline ? "networkChanged(online)" : "networkChanged(offline)"
        case .takeOver(let held): return "takeOver(\(held.id))"
        }
    }

    /// Whether the screen of `state` offers the tap (enabled): the client
    /// must take it then, and refuse it otherwise. Always for the taps the
    /// client always takes.
    func isOffered(in state: BookingFlow.State) -> Bool {
        switch self {
        case .choose:
            if case .offerChosen = state.stage { return true }
            return state.stage == .browsing || state.stage.isFinal
        case .hold(let offer):
            // From any screen that offers choosing it: the client chooses
            // it first (Back from a final screen, then the offer).
            var screen = state
            if case .offerChosen(let shown) = state.stage, shown == offer {
            } else {
                guard UserTap.choose(offer).isOffered(in: state) else { return false }
                if state.stage.isFinal { screen = BookingFlow.reduce(screen, .backTapped).state }
                screen = BookingFlow.reduce(screen, .offerChosen(offer)).state
            }
            guard case .offerChosen(let shown) = screen.stage, shown == offer else { return false }
            return screen.enabledActions.contains(.hold)
        case .pay: return state.enabledActions.contains(.pay)
        case .acceptNewPrice: return state.enabledActions.contains(.acceptNewPrice)
        case .retry: return state.enabledActions.contains(.retry)
        case .checkAgain: return state.enabledActions.contains(.checkAgain)
        case .openChallenge: return state.enabledActions.contains(.openChallenge)
        case .useAnotherCard: return state.enabledActions.contains(.useAnotherCard)
        case .signIn: return true  // the client always takes a new credential
        case .applyCoupon: return state.enabledActions.contains(.applyCoupon)
        case .back: return state.enabledActions.contains(.back)
        case .returnedToApp, .networkChanged: return true
        case .takeOver(let held):
            // What `BookingClient.takeOver(_:)` sends: taken where the flow
            // starts an attempt on the hold.
            let attempt = Self.takeOverAttempt(held, id: "offered?")
            return BookingFlow.reduce(state, .takeOverTapped(attempt, hold: held.holdID)).state.stage.attemptID
                == attempt.id
        }
    }

    /// The attempt a takeover of `held` starts, with `id` as its id and key.
    static func takeOverAttempt(_ held: HeldElsewhere, id: String, key: String? = nil) -> BookingFlow.Attempt {
        BookingFlow.Attempt(
            id: AttemptID(id), key: IdempotencyKey(key ?? id), offerID: held.offerID, quoteID: held.quoteID)
    }

    /// Taps it on `client`.
    func perform(on client: BookingClient) async throws(BookingClientError) {
        switch self {
        case .choose(let offer): try await client.choose(offer)
        case .hold(let offer): try await client.startHold(offer)
        case .pay(let token): try await client.startPayment(with: token)
        case .acceptNewPrice: try await client.startAcceptingNewPrice()
        case .retry: try await client.startRetry()
        case .checkAgain: try await client.checkAgain()
        case .openChallenge: try await client.openChallenge()
        case .useAnotherCard: try await client.startUsingAnotherCard()
        case .signIn: await client.signedIn(apiKey: SimulationWorld.apiKey)
        case .applyCoupon(let code): try await client.startApplyingCoupon(code)
        case .back: try await client.back()
        case .returnedToApp: await client.returnedToApp()
        case .networkChanged(let isOnline): await client.networkChanged(isOnline: isOnline)
        case .takeOver(let held):
            // `BookingClient.takeOver(_:)` up to its wait for the hold's
            // read (the simulation runs the effects one piece of work at a
            // time, as `startHold` leaves them): a new attempt of this
            // device on the hold, or nothing saved or sent.
            let attempt = Self.takeOverAttempt(
                held, id: client.dependencies.newID(), key: client.dependencies.newID())
            let before = await client.runtime.flow.state
            let started = await client.runtime.flow.send(.takeOverTapped(attempt, hold: held.holdID))
            guard started.stage.attemptID == attempt.id else {
                throw .actionUnavailable(.hold, stage: before.stage.name, reason: nil)
            }
        }
    }
}
