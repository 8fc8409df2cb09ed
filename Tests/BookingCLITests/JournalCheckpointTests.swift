import Foundation
import TestSupport
import Testing

/// `booking.sqlite` lived in its WAL: after every run the file itself was a
/// few KiB, and a copy of it alone (a backup that missed the `-wal` file
/// beside it) held no booking. The launch job copies the WAL into the file
/// after its last write; hold and pay do not (their syncs are the
/// promise's). Real processes, the embedded sandbox, the file copied alone.
@Suite struct JournalCheckpointTests {
    @Test func afterReconcileACopyOfTheFileAloneHoldsTheBooking() async throws {
        let booking = Booking(label: "cli-checkpoint")
        let id = try await booking.holdAndPay()
        let reconcile = try await booking.run(["reconcile"])
        #expect(reconcile.status == 0, "\(reconcile.output) \(reconcile.error)")

        let copy = booking.directory.file("copy")
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: booking.directory.file("data") + "/booking.sqlite", toPath: copy + "/booking.sqlite")
        let trips = try await Booking.bare(["trips", "--data-dir", copy, "--server", "http://127.0.0.1:1"])
        #expect(trips.status == 0, "\(trips.error)")
        #expect(trips.output.contains(id), "the copy holds no booking: \(trips.output)")
    }
}
