import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// The calls an app needs beyond the flow, each with its typed error:
/// pages numbered from 1 with the number of pages past the last, a trip by
/// id, recent searches and offer marks saved by the library, `close()`, and
/// a new booking from a final screen. Over real HTTP on loopback.
@Suite("Library calls", .hangLimit)
struct LibraryCallsTests {
    static let checkIn = CalendarDate("2026-12-01")!
    static let checkOut = CalendarDate("2026-12-03")!

    @Test("a page past the last is search(.noSuchPage) with the number of pages, caught whole and switched on")
    func pagePastTheLast() async throws {
        let fixture = try ClientFixture()
        var count = 0
        var page: OffersPage
        repeat {
            count += 1
            page = try await fixture.client.offers(
                at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2, page: count)
            #expect(page.page == count)
        } while page.hasMore
        for asked in [count + 1, 99] {
            do {
                _ = try await fixture.client.offers(
                    at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2, page: asked)
                Issue.record("page \(asked) of \(count) was answered")
            } catch {
                switch error {
                case .search(.noSuchPage(let page, let pageCount)):
                    #expect(page == asked)
                    #expect(pageCount == count)
                    #expect(error.description.hasSuffix(count == 1 ? "there is 1 page" : "there are \(count) pages"))
                default:
                    Issue.record("unexpected \(error)")
                }
            }
        }
        await fixture.sandbox.stop()
    }

    @Test("trip(id:) and cancel(_:): an unknown id is unknownTrip, a malformed one malformedID, nothing sent")
    func tripByID() async throws {
        let fixture = try ClientFixture()
        await #expect(throws: BookingClientError.unknownTrip(BookingID("bkg_missing"))) {
            try await fixture.client.trip(id: BookingID("bkg_missing"))
        }
        await #expect(throws: BookingClientError.malformedID("../bkg")) {
            try await fixture.client.trip(id: BookingID("../bkg"))
        }
        await #expect(throws: BookingClientError.malformedID("")) { try await fixture.client.cancel(BookingID("")) }
        #expect(fixture.sandbox.transport.requests.isEmpty)
        let state = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(state.tripToLoad)
        #expect(try await fixture.client.trip(id: id).status == .confirmed)
        await fixture.sandbox.stop()
    }

    @Test("offline, syncTrips is serverUnreachable and the saved trips stay")
    func offlineSync() async throws {
        let fixture = try ClientFixture()
        await fixture.sandbox.stop()
        do {
            try await fixture.client.syncTrips()
            Issue.record("a sync with the server stopped succeeded")
        } catch {
            switch error {
            case .serverUnreachable, .serverFailed: break
            default: Issue.record("unexpected \(error)")
            }
        }
        #expect(try await fixture.client.savedTrips().isEmpty)
    }

    @Test("a place from the suggestions, used for offers, is saved as a recent search by the library")
    func recentsRecordedByTheLibrary() async throws {
        let fixture = try ClientFixture()
        guard case .places(let places) = try await fixture.client.suggestions(for: "Lisbon"),
            let place = places.first
        else {
            Issue.record("no places for Lisbon")
            return
        }
        #expect(try await fixture.client.suggestions(for: "") == .recents([]))
        _ = try await fixture.client.offers(
            at: place.placeId, checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        guard case .recents(let recents) = try await fixture.client.suggestions(for: "") else {
            Issue.record("short input shows no recents")
            return
        }
        #expect(recents.map(\.query) == ["Lisbon"])
        #expect(recents.map(\.placeID) == [place.placeId])
        await fixture.sandbox.stop()
    }

    @Test("a sold-out hold is marked by the library: a second client on the directory sees the mark")
    func soldOutMarkOutlivesTheClient() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        let offer = try await fixture.firstOffer()
        fixture.sandbox.transport.inject(.init("POST", "/v1/holds", fault: "sold-out"))
        // The app follows nothing but its own call's return: the mark is the library's.
        try await fixture.client.startHold(offer)
        for await state in await fixture.client.states() where state.soldOutOffers.contains(offer.id) { break }
        let next = try ClientFixture.client(sandbox: fixture.sandbox)
        var mark = try await next.mark(of: offer.id)
        while mark == nil {
            await Task.yield()
            mark = try await next.mark(of: offer.id)
        }
        guard case .soldOut? = mark else {
            Issue.record("expected soldOut, got \(String(describing: mark))")
            return
        }
        await fixture.sandbox.stop()
    }

    @Test("after close(), every call is refused with closed, and the trips stream ends")
    func closed() async throws {
        let fixture = try ClientFixture()
        await fixture.client.launch()
        let offer = try await fixture.firstOffer()
        var updates = fixture.client.tripUpdates(every: .milliseconds(20)).makeAsyncIterator()
        #expect(await updates.next() == [])
        fixture.client.close()
        #expect(await updates.next() == nil)
        await #expect(throws: BookingClientError.closed) { try await fixture.client.savedTrips() }
        await #expect(throws: BookingClientError.closed) { try await fixture.client.hold(offer) }
        await #expect(throws: BookingClientError.closed) { try await fixture.client.syncTrips() }
        await #expect(throws: BookingClientError.closed) {
            try await fixture.client.offers(at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        }
        #expect(await fixture.client.state.stage == .browsing)
        // A new client on the same directory works.
        let next = try ClientFixture.client(sandbox: fixture.sandbox)
        #expect(try await next.savedTrips().isEmpty)
        await fixture.sandbox.stop()
    }

    @Test("choose(_:) on the confirmed screen starts a new booking")
    func chooseAfterConfirmed() async throws {
        let fixture = try ClientFixture()
        let confirmed = try await fixture.holdFirstOfferAndPay(with: "tok_visa")
        #expect(confirmed.stage.kind == .confirmed)
        let page = try await fixture.client.offers(
            at: "plc_lisbon", checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        let chosen = try await fixture.client.choose(page.items[1])
        #expect(chosen.stage == .offerChosen(page.items[1]))
        guard case .held = try await fixture.client.hold(page.items[1]) else {
            Issue.record("the second booking's hold did not hold")
            return
        }
        await fixture.sandbox.stop()
    }
}
