import Foundation
import TestSupport
import Testing

/// A command run in this process leaves no file of its data directory open
/// once it returned and its client was let go: the connections to
/// booking.sqlite and cache.sqlite, their WAL and shared-memory files, the
/// embedded sandbox's database. The client's last tasks end on the pool
/// just after, so each check waits (bounded) for the files to close. An
/// app that builds and drops clients (a scene closed, an account switched)
/// would otherwise keep them open: a hold kept its client's files for the
/// 15 minutes of its countdown, and the test process, running commands in
/// process, crashed in Foundation's Process past 1,300 descriptors.
@Suite struct OpenFilesTests {
    @Test(arguments: [
        ["search", "Lisbon"],
        [
            "offers", "--place", "plc_lisbon", "--check-in", Booking.date(20), "--check-out", Booking.date(22),
            "--guests", "2",
        ],
        ["trips"],
        ["status"],
        ["reconcile"],
    ])
    func aCommandLeavesNoFileOfItsDataDirectoryOpen(_ arguments: [String]) async throws {
        try #require(OpenFiles.available, "needs /proc/self/fd")
        let booking = InProcess()
        let run = try await booking.run(arguments)
        #expect(run.status == 0, "\(run.error)")
        await Poll.until { OpenFiles.paths(under: booking.directory.path).isEmpty }
        #expect(OpenFiles.paths(under: booking.directory.path) == [], "\(arguments.first ?? "")")
    }

    @Test func holdPayAndTheTripLeaveNoFileOpen() async throws {
        try #require(OpenFiles.available, "needs /proc/self/fd")
        let booking = InProcess()
        let offerID = try await booking.firstOfferID()
        for arguments in [["hold", offerID], ["pay"], ["trips", "--refresh"]] {
            let run = try await booking.run(arguments)
            #expect(run.status == 0, "\(arguments.first ?? ""): \(run.error)")
            await Poll.until { OpenFiles.paths(under: booking.directory.path).isEmpty }
            #expect(OpenFiles.paths(under: booking.directory.path) == [], "\(arguments.first ?? "")")
        }
    }
}
