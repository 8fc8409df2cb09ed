import BookingKit

#if canImport(PassKit)
import PassKit
#endif

/// Apple Pay's sheet for the held room: the payment made within the sheet's
/// deadline, success shown only when the server confirmed the booking.
/// The decision is kept outside PassKit's `#if`, so that Linux CI compiles
/// it; only the sheet's delegate is Apple's.
@available(iOS 17, macOS 14, *)
public struct WalletSheet: Sendable {
    /// How long the sheet's handler may take: the payment goes on in the
    /// flow after it, and the booking screen shows it being checked.
    public static let deadline: Duration = .seconds(20)

    /// The client the booking screen's model drives.
    public let client: BookingClient

    /// A sheet over `client`.
    public init(client: BookingClient) {
        self.client = client
    }

    /// Pays with the wallet's `token`: the outcome to show in the sheet
    /// (nil when the call was refused: nothing was sent) and whether the
    /// sheet shows success.
    public func authorize(_ token: PaymentToken) async -> (outcome: PaymentResult?, succeeded: Bool) {
        let outcome = try? await client.payFromWalletSheet(with: token, within: Self.deadline)
        if case .confirmed? = outcome { return (outcome, true) }
        return (outcome, false)
    }
}

#if canImport(PassKit)
/// The sheet's delegate: `tokenize` turns Apple Pay's payment into the
/// payment gateway's token.
@available(iOS 17, macOS 14, *)
public final class WalletSheetDelegate: NSObject, PKPaymentAuthorizationControllerDelegate {
    let sheet: WalletSheet
    let tokenize: @Sendable (PKPayment) async -> String

    /// A delegate paying through `sheet`.
    public init(sheet: WalletSheet, tokenize: @escaping @Sendable (PKPayment) async -> String) {
        self.sheet = sheet
        self.tokenize = tokenize
    }

    public func paymentAuthorizationController(
        _ controller: PKPaymentAuthorizationController, didAuthorizePayment payment: PKPayment
    ) async -> PKPaymentAuthorizationResult {
        let (outcome, _) = await sheet.authorize(PaymentToken(await tokenize(payment)))
        return PKPaymentAuthorizationResult(outcome)
    }

    public func paymentAuthorizationControllerDidFinish(_ controller: PKPaymentAuthorizationController) {
        controller.dismiss()
    }
}
#endif
