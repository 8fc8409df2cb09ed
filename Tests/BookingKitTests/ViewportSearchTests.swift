import BookingAPI
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Issue 39, item 9: the map's search. A burst of camera moves sends one
/// request; a newer viewport cancels the older request; a slow answer for
/// an old viewport never replaces a newer one; the same viewport and zoom
/// are shown again from memory; a viewport across the antimeridian is asked
/// as its two halves, an upside-down one or one off the globe is refused
/// before anything is sent, and the whole world is a few clusters. Over the
/// in-process sandbox and the real one on loopback.
@Suite struct ViewportSearchTests {
    static let checkIn = CalendarDate("2026-12-01")!
    static let checkOut = CalendarDate("2026-12-03")!
    static let lisbon = MapViewport(west: -9.3, south: 38.6, east: -9.0, north: 38.8, zoom: 16)
    static let tokyo = MapViewport(west: 139.5, south: 35.6, east: 139.8, north: 35.8, zoom: 16)

    @Test(arguments: SandboxFixture.Route.allCases)
    func aBurstOfCameraMovesSendsOneRequest(route: SandboxFixture.Route) async throws {
        let map = try MapFixture(route: route)
        let gate = GateSleeper()
        let search = map.search(debounce: .milliseconds(300), sleeper: gate)
        var moves: [Task<[MapPin], any Error>] = []
        for step in 0..<5 {
            let shift = Double(step) * 0.02
            let viewport = MapViewport(west: -9.3 + shift, south: 38.6, east: -9.0 + shift, north: 38.8, zoom: 16)
            moves.append(Task { try await search.pins(in: viewport) })
            await gate.waitUntil(waiting: step + 1)
        }
        #expect(map.pinRequests.isEmpty)
        gate.open()
        for move in moves.dropLast() {
            await #expect(throws: BookingClientError.cancelled) { _ = try await move.value }
        }
        let pins = try await moves[4].value
        #expect(!pins.isEmpty)
        #expect(map.pinRequests.count == 1)
        await map.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aNewerViewportCancelsTheRequestOnTheWire(route: SandboxFixture.Route) async throws {
        let map = try MapFixture(route: route, holding: "139.")
        let search = map.search()
        let old = Task { try await search.pins(in: Self.tokyo) }
        await map.held.arrived()
        let newer = try await search.pins(in: Self.lisbon)
        #expect(newer.count >= 8)
        await #expect(throws: BookingClientError.cancelled) { _ = try await old.value }
        // The transport saw the old request cancelled, not merely ignored.
        await map.held.cancelled()
        // Closing the map (the caller's task cancelled) cancels its request too.
        let closing = Task { try await search.pins(in: Self.tokyo) }
        await map.held.arrived(count: 2)
        closing.cancel()
        await #expect(throws: BookingClientError.cancelled) { _ = try await closing.value }
        await map.held.cancelled(count: 2)
        await map.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aSlowAnswerForAnOldViewportNeverReplacesTheNewerOne(route: SandboxFixture.Route) async throws {
        let map = try MapFixture(route: route)
        let answered = Watched(false)
        let released = Watched(false)
        let server = ViewportSearch.server(map.client.api, checkIn: Self.checkIn, checkOut: Self.checkOut, guests: 2)
        // Tokyo's answer comes from the server, then is held back past the
        // newer viewport's, whatever the cancellation: a late answer.
        let search = ViewportSearch(client: map.client, debounce: .zero, sleeper: NoSleeper()) { box, zoom in
            let pins = try await server(box, zoom)
            if box.west > 100 {
                answered.change { $0 = true }
                _ = await Task { await released.wait { $0 } }.value
            }
            return pins
        }
        let old = Task { try await search.pins(in: Self.tokyo) }
        await answered.wait { $0 }
        let newer = try await search.pins(in: Self.lisbon)
        released.change { $0 = true }
        await #expect(throws: BookingClientError.cancelled) { _ = try await old.value }
        #expect(Set(newer.compactMap(\.city)) == ["Lisbon"])
        // Lisbon is still what is kept; Tokyo's late answer was not kept.
        #expect(try await search.pins(in: Self.lisbon) == newer)
        let before = map.pinRequests.count
        #expect(Set(try await search.pins(in: Self.tokyo).compactMap(\.city)) == ["Tokyo"])
        #expect(map.pinRequests.count == before + 1)
        await map.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func theSameViewportAndZoomAreShownFromMemory(route: SandboxFixture.Route) async throws {
        let map = try MapFixture(route: route)
        let search = map.search()
        let first = try await search.pins(in: Self.lisbon)
        #expect(map.pinRequests.count == 1)
        // A pan of a few metres stays on the same cells of the grid.
        let panned = MapViewport(west: -9.29999, south: 38.60001, east: -9.00001, north: 38.79999, zoom: 16)
        #expect(try await search.pins(in: panned) == first)
        #expect(map.pinRequests.count == 1)
        // Another zoom is another key, and groups the city otherwise.
        let zoomedOut = MapViewport(west: -9.3, south: 38.6, east: -9.0, north: 38.8, zoom: 3)
        let clusters = try await search.pins(in: zoomedOut)
        #expect(map.pinRequests.count == 2)
        #expect(first.count >= 8 && first.allSatisfy { $0.city != nil })
        guard case .cluster(let count, _, _, let lowest?)? = clusters.first, clusters.count == 1 else {
            Issue.record("one cluster expected at zoom 3: \(clusters)")
            return
        }
        // The box is asked moved outward onto the zoom's grid (cells of
        // 11.25 degrees at zoom 3): the cluster is its whole cell, Porto too.
        #expect(count > first.count)
        #expect(lowest.minorUnits <= first.compactMap(\.lowest).map(\.minorUnits).min() ?? 0)
        // Past the staleness age, the server is asked again.
        map.now.change { $0 += 15 * 60 }
        _ = try await search.pins(in: Self.lisbon)
        #expect(map.pinRequests.count == 3)
        await map.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func aViewportAcrossTheAntimeridianIsAskedAsItsTwoHalves(route: SandboxFixture.Route) async throws {
        let map = try MapFixture(route: route)
        let search = map.search()
        // From Tokyo east over the Pacific to New York.
        let pacific = MapViewport(west: 130, south: -60, east: -60, north: 70, zoom: 2)
        let pins = try await search.pins(in: pacific)
        let boxes = map.pinRequests.compactMap { Self.bbox(of: $0) }.sorted { $0[0] < $1[0] }
        #expect(boxes.count == 2)
        #expect(boxes.allSatisfy { $0[0] <= $0[2] })
        #expect(boxes.first?[0] == -180 && boxes.last?[2] == 180)
        let currencies = Set(pins.compactMap(\.lowest).map(\.currency.rawValue))
        #expect(currencies == ["JPY", "USD"])
        await map.stop()
    }

    @Test(arguments: SandboxFixture.Route.allCases)
    func badViewportsAreRefusedAndTheWholeWorldIsAFewClusters(route: SandboxFixture.Route) async throws {
        let map = try MapFixture(route: route)
        let search = map.search()
        let bad = [
            MapViewport(west: 0, south: 50, east: 1, north: 40, zoom: 5),
            MapViewport(west: 0, south: -91, east: 1, north: 0, zoom: 5),
            MapViewport(west: 0, south: 0, east: 200, north: 1, zoom: 5),
            MapViewport(west: .nan, south: 0, east: 1, north: 1, zoom: 5),
            MapViewport(west: 0, south: 0, east: 1, north: .infinity, zoom: 5),
            MapViewport(west: 0, south: 0, east: 1, north: 1, zoom: 21),
        ]
        for viewport in bad {
            await #expect {
                _ = try await search.pins(in: viewport)
            } throws: { error in
                guard case .search(.invalidQuery)? = error as? BookingClientError else { return false }
                return true
            }
        }
        #expect(map.pinRequests.isEmpty)
        let world = try await search.pins(in: MapViewport(west: -180, south: -90, east: 180, north: 90, zoom: 0))
        #expect(map.pinRequests.count == 1)
        #expect((1...8).contains(world.count))
        #expect(world.allSatisfy { $0.city == nil })
        // Euros, pounds and dollars share a cell: no lowest price is made up.
        #expect(world.contains { if case .cluster(_, _, _, nil) = $0 { true } else { false } })
        await map.stop()
    }

    /// `[minLon, minLat, maxLon, maxLat]` of a request's `bbox`.
    static func bbox(of request: TransportRequest) -> [Double]? {
        URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "bbox" }?.value?.split(separator: ",").compactMap { Double($0) }
    }
}

extension MapPin {
    /// The property's city, for a pin; nil for a cluster.
    fileprivate var city: String? {
        if case .property(let property, _, _, _) = self { return property.city }
        return nil
    }

    /// The lowest total shown.
    fileprivate var lowest: Money? {
        switch self {
        case .property(_, _, _, let price): return price
        case .cluster(_, _, _, let price): return price
        }
    }
}
