import BookingKit

/// What this app does for each action the flow shows: the model's call.
/// Kept outside the SwiftUI-only `#if` of the screen, so that every platform CI builds
/// on (Linux included) compiles this switch: an action the library adds is a
/// compile error here, never a button that does nothing on an iPhone.
@available(iOS 17, macOS 14, *)
@MainActor
public struct ActionHandler {
    /// The model the screen draws.
    public let model: BookingModel
    /// The payment token the app's payment sheet produced.
    public let token: PaymentToken
    /// The coupon code the traveller typed; nil when there is none.
    public let couponCode: () -> String?
    /// The credential the traveller signed in again with; nil when the
    /// sign-in was dismissed.
    public let signIn: () async -> BookingClient.Credential?

    /// A handler over `model`.
    public init(
        model: BookingModel, token: PaymentToken, couponCode: @escaping () -> String?,
        signIn: @escaping () async -> BookingClient.Credential?
    ) {
        self.model = model
        self.token = token
        self.couponCode = couponCode
        self.signIn = signIn
    }

    /// Performs `action` through the model; a refusal lands in its `lastError`.
    public func perform(_ action: BookingFlow.Action) async {
        switch action {
        case .pay: await model.pay(with: token)
        case .acceptNewPrice: await model.acceptNewPrice()
        case .retry: await model.retry()
        case .checkAgain: await model.checkAgain()
        case .openChallenge: await model.openChallenge()
        case .useAnotherCard: await model.useAnotherCard()
        case .applyCoupon:
            if let code = couponCode() { await model.applyCoupon(code) }
        case .signIn:
            if let credential = await signIn() { await model.signedIn(credential) }
        case .back: await model.back()
        case .hold: break  // shown on the offer's screen, which holds its offer
        }
    }
}
