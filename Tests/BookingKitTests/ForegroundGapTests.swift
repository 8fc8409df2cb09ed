import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingTestSupport
import Foundation
import Testing

/// Back in the foreground after a long gap, what may have moved meanwhile
/// is read again behind the screen: the trips (one booked on another
/// device of the account shows, with no sync called) and the newest saved
/// search's first page. After a short gap nothing is read. The gap is
/// measured on the client's hold clock, moved by hand here. Over real HTTP
/// on loopback.
@Suite(.hangLimit) struct ForegroundGapTests {
    /// A phone whose hold clock the test moves, and a tablet of the same
    /// account, on one sandbox; the phone launched with one search saved.
    static func phoneAndTablet() async throws -> (
        phone: BookingClient, tablet: ClientFixture, clock: Locked<MonotonicInstant>
    ) {
        let sandbox = try SandboxFixture(route: .loopback)
        let clock = Locked(MonotonicInstant.origin)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.dataDirectory = URL(fileURLWithPath: sandbox.directory.file("phone"))
        let phone = try BookingClient(
            configuration, dependencies: Dependencies(holdNow: { clock.withLock { $0 } }, sleeper: NoSleeper()))
        await phone.launch()
        _ = try await ClientFixture(sandbox: sandbox, client: phone).firstOffer()
        let tablet = ClientFixture(sandbox: sandbox, client: try ClientFixture.client(sandbox: sandbox))
        return (phone, tablet, clock)
    }

    /// Whether `request` asks for a search's first page (the next pages,
    /// prefetched behind a page, carry the cursor).
    static func isFirstPage(_ request: TransportRequest) -> Bool {
        request.url.path == "/v1/offers" && request.url.query?.contains("cursor=") != true
    }

    @Test func backAfterTheGapTheTripsAndTheSavedSearchAreReadAgain() async throws {
        let (phone, tablet, clock) = try await Self.phoneAndTablet()
        let booked = try await tablet.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(booked.tripToLoad)
        #expect(try await phone.savedTrips().isEmpty)
        let searches = tablet.sandbox.transport.requests.filter(Self.isFirstPage).count

        clock.withLock { $0 = $0.advanced(by: .seconds(16 * 60)) }
        await phone.returnedToApp()
        for await trips in phone.tripUpdates() where trips.contains(where: { $0.id == id }) { break }
        #expect(try await phone.trip(id: id).status == .confirmed, "the tablet's booking, with no sync called")
        #expect(
            await tablet.sandbox.transport.waitForRequests(searches + 1, matching: Self.isFirstPage),
            "the saved search's first page read again")
        await tablet.sandbox.stop()
    }

    @Test func backAfterAShortGapNothingIsRead() async throws {
        let (phone, tablet, clock) = try await Self.phoneAndTablet()
        let before = tablet.sandbox.transport.requests.count
        clock.withLock { $0 = $0.advanced(by: .seconds(14 * 60)) }
        await phone.returnedToApp()
        _ = try await phone.waitUntilAtRest(timeout: .seconds(10))
        let sent = tablet.sandbox.transport.requests.dropFirst(before)
        #expect(!sent.contains { $0.url.path == "/v1/bookings" && $0.method == "GET" }, "no trips read")
        #expect(!sent.contains(where: Self.isFirstPage), "no search read again")
        await tablet.sandbox.stop()
    }
}
