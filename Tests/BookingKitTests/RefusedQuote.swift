import BookingKit
import Testing

/// The booking and new quote that `act` was refused with, as `refusal`
/// reads them from its error (a cancel's `quoteChanged`, a change's
/// `quoteExpired`). The test fails when `act` did not throw, and throws
/// on any other error.
func refusedQuote<Quote>(
    _ act: () async throws -> Void, _ refusal: (any Error) -> (BookingID, Quote)?,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> (booking: BookingID, newQuote: Quote) {
    do {
        try await act()
    } catch {
        guard let refused = refusal(error) else { throw error }
        return refused
    }
    Issue.record("the quote was taken; expected it refused with a new one", sourceLocation: sourceLocation)
    throw CancellationError()
}
