/// An account the kit speaks for: its label in reports and its API key.
struct Account: Sendable, Equatable {
    /// `first` (`--api-key`) or `second` (`--second-api-key`).
    var label: String
    /// Sent as `Authorization: Bearer <apiKey>`; never printed.
    var apiKey: String
}
