import BookingKit
import BookingStore
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// `tripUpdates()` emits the trips on every change made through any
/// connection to the data directory, without a timer: the interval here is
/// an hour, so each change below arrives only because it was announced (a
/// commit of this process by SQLite's commit hook, another process's write
/// by the file system).
@Suite("Trip updates", .hangLimit)
struct TripUpdatesTests {
    /// Far past the test's life: a change that arrives was announced, never looked for.
    static let noLooking: Duration = .seconds(3_600)

    @Test("a second client books and cancels; the first client's stream emits both changes")
    func anotherClientsChanges() async throws {
        let fixture = try ClientFixture()
        let watching = fixture.client
        var updates = watching.tripUpdates(every: Self.noLooking).makeAsyncIterator()
        #expect(await updates.next() == [])

        let other = try ClientFixture.client(sandbox: fixture.sandbox)
        let booker = ClientFixture(sandbox: fixture.sandbox, client: other)
        let confirmed = try await booker.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(confirmed.tripToLoad)
        let booked = await updates.next()
        #expect(booked?.map(\.id) == [id])
        #expect(booked?.first?.status == .confirmed)

        try await other.cancel(id)
        let cancelled = await updates.next()
        #expect(cancelled?.first?.status == .cancelled)
        await fixture.sandbox.stop()
    }

    /// Issue 39 item 11: where the system cannot tell of another process's
    /// writes (Apple platforms; here the file watch is turned off), the
    /// trips are looked at on a timer only while something can change them
    /// by itself: with nothing open no timer runs, a hold starts the looks,
    /// and once the payment settles they stop again. Nothing else is lost:
    /// this process's commits still arrive at once.
    @Test("without a file watch, trips are looked at on a timer only while something is open")
    func timedLooksOnlyWhileSomethingIsOpen() async throws {
        let sandbox = try SandboxFixture(route: .inProcess)
        var seams = BookingClient.Seams(dependencies: Dependencies(sleeper: NoSleeper()))
        seams.watchesFiles = false
        let client = try BookingClient(ClientFixture.configuration(sandbox: sandbox), seams: seams)
        let fixture = ClientFixture(sandbox: sandbox, client: client)
        let directory = client.directory
        var updates = client.tripUpdates(every: .milliseconds(10)).makeAsyncIterator()
        #expect(await updates.next() == [])
        // check-no-sleep: real time (the looks under test run on the real clock by design)
        #expect(await Poll.until { BookingChanges.timedLooks(in: directory) == 0 }, "a timer ran with nothing open")

        await client.launch()
        try await client.hold(try await fixture.firstOffer())
        // check-no-sleep: real time (the looks under test run on the real clock by design)
        #expect(await Poll.until { BookingChanges.timedLooks(in: directory) == 1 }, "no looks while a room is held")
        _ = try await client.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        #expect(await updates.next()?.count == 1)
        // check-no-sleep: real time (the looks under test run on the real clock by design)
        #expect(await Poll.until { BookingChanges.timedLooks(in: directory) == 0 }, "the looks outlived the payment")
        await sandbox.stop()
    }

    #if os(Linux)
    @Test(
        "another process's write reaches the stream through the file system",
        ExternalTool.needed("sqlite3"))
    func anotherProcesssWrite() async throws {
        let fixture = try ClientFixture()
        let client = fixture.client
        let confirmed = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(confirmed.tripToLoad)
        var updates = client.tripUpdates(every: Self.noLooking).makeAsyncIterator()
        #expect(await updates.next()?.first?.status == .confirmed)

        let file = (client.directory as NSString).appendingPathComponent("booking.sqlite")
        let shell = try #require(ExternalTool.path("sqlite3"))
        let written = ChildProcess.run(
            shell, [file], input: "UPDATE trip SET status = 'CANCELLED' WHERE booking_id = '\(id.rawValue)';")
        try #require(written.status == 0, "\(written.standardError)")
        let changed = await updates.next()
        #expect(changed?.first?.status == .cancelled)
        await fixture.sandbox.stop()
    }

    /// Every reader of one directory shares one file-system watch (a user
    /// has 128 `inotify` instances for all their programs), and the last
    /// reader to stop releases it.
    @Test("three readers of one directory share one watch, released with the last")
    func readersShareOneWatch() async throws {
        let fixture = try ClientFixture()
        let directory = fixture.client.directory
        let tasks = (0..<3).map { _ in
            Task {
                for await _ in fixture.client.tripUpdates(every: Self.noLooking) {}
            }
        }
        // check-no-sleep: real time (the readers' tasks start and end on the pool)
        #expect(await Poll.until { BookingChanges.readers(of: directory).count == 3 })
        #expect(BookingChanges.readers(of: directory).watched)
        for task in tasks { task.cancel() }
        // check-no-sleep: real time (the readers' tasks start and end on the pool)
        #expect(await Poll.until { BookingChanges.readers(of: directory) == (0, false) })
        await fixture.sandbox.stop()
    }
    #endif

    @Test("closing the client ends its streams, with nothing written")
    func closingEndsTheStream() async throws {
        let fixture = try ClientFixture()
        var updates = fixture.client.tripUpdates(every: Self.noLooking).makeAsyncIterator()
        #expect(await updates.next() == [])
        fixture.client.close()
        #expect(await updates.next() == nil)
        await fixture.sandbox.stop()
    }
}
