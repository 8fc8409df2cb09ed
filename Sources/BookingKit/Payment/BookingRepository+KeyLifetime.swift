import BookingAPI
import BookingStore
import Foundation

extension BookingRepository {
    /// How long the server keeps an idempotency key, as a resend and
    /// reconciliation measure it: the shorter of the configured lifetime and
    /// the one the server last published (`Idempotency-Key-Lifetime`, saved
    /// in `booking.sqlite` by `SavedKeyLifetime`, so the next launch reads
    /// it too). Read from the file each time: another process, or this
    /// one's API client, may have saved a newer value. Unreadable or never
    /// heard: the configured lifetime.
    func keyLifetime() -> TimeInterval {
        let saved: Int64?
        do {
            saved = try store.keyLifetimes.seconds(server: api.server.description)
        } catch {
            logger.warning("cannot read the server's key lifetime", error: error)
            saved = nil
        }
        guard let saved else { return configuration.keyLifetime }
        return min(configuration.keyLifetime, TimeInterval(saved))
    }
}
