/// What cancelling a confirmed trip gives back and what it keeps, as the
/// server quoted it for the trip's current version: show it, then cancel
/// with it (`BookingClient.cancel(_:)` taking the quote), which cancels
/// only at these figures. Only the server makes one: it holds until
/// `expiresAtMilliseconds`, and a quote that expired or no longer matches
/// the booking is refused with a new one.
public struct CancellationQuote: Hashable, Sendable {
    /// The server's id of the quote, sent with the cancellation.
    package let quoteID: String
    /// The booking it quotes.
    package let bookingID: BookingID
    /// The booking's version it was made for (the one the cancel sends).
    package let version: Version
    /// What the cancellation gives back (the trip's refund once cancelled).
    public let refund: Money
    /// What it keeps: `refund` and `penalty` add up to the trip's total, in
    /// the same currency (zero when cancelling is free).
    public let penalty: Money
    /// When it stops holding, in milliseconds since 1970 (the server's clock).
    public let expiresAtMilliseconds: Int64

    /// A quote as the server answered it.
    package init(
        quoteID: String, bookingID: BookingID, version: Version, refund: Money, penalty: Money,
        expiresAtMilliseconds: Int64
    ) {
        self.quoteID = quoteID
        self.bookingID = bookingID
        self.version = version
        self.refund = refund
        self.penalty = penalty
        self.expiresAtMilliseconds = expiresAtMilliseconds
    }
}
