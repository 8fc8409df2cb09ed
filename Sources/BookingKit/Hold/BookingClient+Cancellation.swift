import BookingAPI
import BookingCore

// The terms of cancelling, shown before the traveller pays.
extension BookingClient {
    /// What cancelling the held room's booking would keep, for the held
    /// screen before Pay: as the server's last answer about the hold said
    /// in this process (a coupon re-quotes them), else as this device last
    /// listed its offer (a hold restored at launch, until it is read
    /// again). Nil when neither said. No network.
    ///
    /// - Throws: `BookingClientError.dataDirectoryUnusable` when the saved
    ///   offers cannot be read; `.closed` after `close()`.
    public func cancellationPolicy(of held: BookingFlow.Held) async throws(BookingClientError) -> CancellationPolicy? {
        if let terms = await runtime.repository.holdTerms[held.hold.id] { return terms }
        let search = search
        let offer = held.attempt.offerID
        return try await guarded { _ in try await search.cachedCancellation(offer) }
    }
}
