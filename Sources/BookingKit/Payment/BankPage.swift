import BookingCore
import Foundation

/// How the app shows the bank's 3-D Secure page when a payment needs one,
/// handed to `BookingClient.pay(with:bankPage:)` or
/// `BookingClient.waitForPayment(bankPage:)`: the call then presents the
/// page, asks the server how the booking ended once `present` returns, and
/// returns that outcome instead of `PaymentResult.needsBankPage`.
///
/// ```swift
/// let page = BankPage { url, _ in await presentInBrowser(url) }  // returns when the user is back
/// switch try await client.pay(with: token, bankPage: page) {
/// case .confirmed(let trip): showTrip(trip)
/// default: ...
/// }
/// ```
///
/// The page's answer is never taken from the page or the return link: the
/// server's booking is the truth. Each booking's page is presented once per
/// call; a second page (after "Use another card") is presented too.
public struct BankPage: Sendable {
    /// How often a payment the server still processes is checked again
    /// while `patience` lasts.
    package static let checkInterval: Duration = .seconds(3)

    /// Shows the bank's page at the URL for the booking, and returns when
    /// the user is back (the return link opened, the browser closed), or at
    /// once when the page is answered elsewhere.
    public var present: @Sendable (URL, BookingID) async -> Void
    /// How long after `present` returns the server is asked again, every
    /// 3 seconds, while it says the booking is still processing (a
    /// person may still be answering the page in another window). Zero
    /// (the default): the flow's own polls only, then
    /// `PaymentResult.stillBeingChecked(.stillProcessing)`.
    public var patience: Duration

    /// A bank page shown by `present`, checked for `patience` after it returns.
    public init(patience: Duration = .zero, present: @escaping @Sendable (URL, BookingID) async -> Void) {
        self.present = present
        self.patience = patience
    }

    /// The longest a page a payment just got waits for the flow to open
    /// it (its effect runs within milliseconds; a runner stopped by a
    /// crash hook never does).
    static let openBound: Duration = .seconds(5)

    /// How many checks `patience` allows.
    var checks: Int { max(0, Int(patience / Self.checkInterval)) }
}
