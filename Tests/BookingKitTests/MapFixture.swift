import BookingAPI
import BookingKit
import BookingTestSupport
import Foundation
import TestSupport

/// A sandbox, a client on a wall clock the test moves, and the map's
/// search over it; the client's requests whose URL holds `holding` are
/// held by `HeldTransport` until cancelled.
struct MapFixture {
    let sandbox: SandboxFixture
    let client: BookingClient
    let held: HeldTransport
    /// The client's wall clock (the age of what the map keeps).
    let now = Watched(Date(timeIntervalSince1970: 1_790_000_000))

    init(route: SandboxFixture.Route, holding marker: String? = nil) throws {
        sandbox = try SandboxFixture(route: route)
        held = HeldTransport(sandbox.transport, holding: marker)
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.transport = held
        let now = now
        client = try BookingClient(configuration, dependencies: Dependencies(now: { now.value }, sleeper: NoSleeper()))
    }

    /// The map's search for two guests, two nights from 2026-12-01, whose
    /// debounce sleeps on `sleeper`.
    func search(debounce: Duration = .zero, sleeper: any Sleeper = NoSleeper()) -> ViewportSearch {
        ViewportSearch(
            client: client, debounce: debounce, sleeper: sleeper,
            fetch: ViewportSearch.server(
                client.api, checkIn: ViewportSearchTests.checkIn, checkOut: ViewportSearchTests.checkOut, guests: 2))
    }

    /// The pin requests that reached the sandbox's side of the transport.
    var pinRequests: [TransportRequest] { sandbox.transport.requests("GET", "/v1/offers/pins") }

    func stop() async {
        client.close()
        await sandbox.stop()
    }
}

/// A transport that passes requests on, except those whose URL holds the
/// marker: each is held, as an answer that does not come, until its task
/// is cancelled, and counted as it arrives and as it is cancelled.
final class HeldTransport: Transport {
    private let base: any Transport
    private let marker: String?
    private let counts = Watched((arrived: 0, cancelled: 0))

    init(_ base: any Transport, holding marker: String?) {
        self.base = base
        self.marker = marker
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        guard let marker, request.url.absoluteString.contains(marker) else { return try await base.send(request) }
        counts.change { $0.arrived += 1 }
        await counts.wait { _ in false }  // returns only when the task is cancelled
        counts.change { $0.cancelled += 1 }
        throw TransportError(.connectionLost, "held until cancelled")
    }

    /// Waits until `count` held requests have arrived.
    func arrived(count: Int = 1) async {
        await counts.wait { $0.arrived >= count }
    }

    /// Waits until `count` held requests were cancelled.
    func cancelled(count: Int = 1) async {
        await counts.wait { $0.cancelled >= count }
    }
}
