import BookingAPI
import BookingCore
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// A launch's restore and its settling read the held attempt's hold once
/// (`shareHoldReads`). The settling may outlive the launch's window (it
/// goes on past its bound on a loaded device): its lease keeps the reads
/// shared until it ends, so the read it makes after the window closed is
/// still the restore's one `GET`. Without the lease it was a second `GET`
/// (`booking pay` under the coverage run's load: 4 requests, not 3).
@Suite struct SharedHoldReadLeaseTests {
    @Test func aReadAfterTheWindowClosedIsSharedWhileTheSettlingHoldsItsLease() async throws {
        let harness = try Harness(route: .inProcess)
        let offer = try await harness.firstOffer()
        let record = try await harness.repository.startAttempt(offer: offer.id, quote: offer.quote.id)
        _ = try await harness.repository.requestHold(record.attemptID, anchor: BootClock.current())
        let repository = harness.repository
        let reads = { harness.sandbox.transport.requests("GET", "/v1/holds/").count }

        await repository.shareHoldReads(true)
        #expect(await repository.leaseHoldReadSharing())
        _ = try await repository.readHoldTimed(record.attemptID, anchor: nil)
        await repository.shareHoldReads(false)
        // The window closed; the settling, still running, reads the hold.
        _ = try await repository.readHoldTimed(record.attemptID, anchor: nil)
        #expect(reads() == 1)
        await repository.endHoldReadLease()
        // Once the lease ends too, a read asks the server again.
        _ = try await repository.readHoldTimed(record.attemptID, anchor: nil)
        #expect(reads() == 2)
        // No window open: nothing to lease.
        #expect(await repository.leaseHoldReadSharing() == false)
    }
}
