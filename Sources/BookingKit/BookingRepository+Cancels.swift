import BookingStore
import Foundation

extension BookingRepository {
    /// Settles the open cancellations of this data directory with this
    /// repository's server (`TripRepository.reconcileCancels`); nil, after
    /// one read and nothing sent, when none is open.
    package func reconcileCancels() async -> CancelReport? {
        let open: [CancelRequest]
        do {
            open = try store.cancels.allOpen()
        } catch {
            // Left open on disk: the next launch reads them again.
            logger.warning("cannot read the open cancellations", error: error)
            return nil
        }
        guard !open.isEmpty else { return nil }
        let directory = (store.database.path as NSString).deletingLastPathComponent
        let trips: TripRepository
        do {
            trips = try TripRepository(directory: directory, api: api, logHandler: logger.handler)
        } catch {
            var report = CancelReport()
            report.examined = open.count
            report.errors = 1
            report.messages.append("cannot open the trips in \(directory): \(error)")
            return report
        }
        return await trips.reconcileCancels()
    }
}
