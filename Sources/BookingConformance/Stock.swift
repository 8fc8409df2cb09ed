/// The offers a run holds rooms from, listed once and each used once, so
/// that no check takes another's room.
struct Stock: Sendable {
    var offers: [(offerId: String, quoteId: String)] = []
    var listed = false
    /// Why the offers could not be listed, for every check that needs one.
    var listingFailure: CheckStop?
    var provoked = false
}
