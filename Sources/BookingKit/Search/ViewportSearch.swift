import BookingAPI
import Foundation

/// The map's search: the pins of a viewport for one stay, asked as the
/// camera moves.
///
/// Call `pins(in:)` on every camera move. It waits `debounce` before asking
/// the server, so a burst of moves sends one request, for the last; a newer
/// call cancels the request of the one before (the request itself, not only
/// its result) and that call throws `BookingClientError.cancelled`. A call
/// never returns after a newer one was made, so a slow answer for an old
/// viewport never replaces the pins of a newer one.
///
/// The pins of each viewport are kept in memory, keyed by the viewport
/// (moved outward onto the server's grid, so a small pan is the same key)
/// and its zoom, for `offerStaleness`: asking again shows them at once,
/// without the debounce or the network. They are not written to the
/// device's cache: a map is asked again at every stop of the camera and its
/// prices age in minutes; what must outlive the app (the pages a traveller
/// reads offline, the offer a hold is made from) is in the offers' pages.
///
/// ```swift
/// let search = ViewportSearch(client: client, checkIn: checkIn, checkOut: checkOut, guests: 2)
/// // on every camera move:
/// do {
///     pins = try await search.pins(in: MapViewport(west: w, south: s, east: e, north: n, zoom: zoom))
/// } catch .cancelled {
///     // a newer move replaced this one: keep what is shown
/// }
/// ```
public actor ViewportSearch {
    /// Asks the server for one box at a zoom (the API client; a test's may
    /// hold the answer back).
    package typealias Fetch = @Sendable (_ box: MapViewport.Box, _ zoom: Int) async throws -> [MapPin]

    private let client: BookingClient
    private let fetch: Fetch
    private let sleeper: any Sleeper
    private let debounce: Duration
    /// The number of the latest call: an older call's answer is never returned.
    private var generation = 0
    /// The request out (waiting out its debounce or on the wire), and what it asks.
    private var inFlight: (request: MapViewport.Request, task: Task<[MapPin], any Error>)?
    /// The pins of the viewports answered, and when.
    private var answered: [MapViewport.Request: (pins: [MapPin], at: Date)] = [:]
    /// The most viewports kept in memory.
    private let answeredLimit = 32

    /// The map's search for a stay on `client`'s server: at most one request
    /// after `debounce` of camera stillness (`.zero` asks at once).
    public init(
        client: BookingClient, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int,
        debounce: Duration = .milliseconds(300)
    ) {
        self.init(
            client: client, debounce: debounce, sleeper: client.dependencies.sleeper,
            fetch: Self.server(client.api, checkIn: checkIn, checkOut: checkOut, guests: guests))
    }

    /// The same with the debounce's sleeper and the request named (tests).
    package init(client: BookingClient, debounce: Duration, sleeper: any Sleeper, fetch: @escaping Fetch) {
        self.client = client
        self.debounce = debounce
        self.sleeper = sleeper
        self.fetch = fetch
    }

    /// The server's groups of one box for the stay, as pins.
    package static func server(_ api: BookingAPIClient, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int)
        -> Fetch
    {
        { box, zoom in
            try await api.offerPins(
                boundingBox: box.wire, zoom: zoom, checkIn: checkIn, checkOut: checkOut, guests: guests
            ).items.map(MapPin.init)
        }
    }

    /// The pins of `viewport` as the server grouped them at its zoom: from
    /// memory when this viewport was answered within `offerStaleness`, else
    /// from the server after the debounce (both halves of a viewport across
    /// the antimeridian, in one list).
    ///
    /// - Throws: `BookingClientError.search(.invalidQuery)` for a viewport
    ///   upside down, off the globe, at a zoom outside 0...20 or not a
    ///   number (nothing is sent); `.cancelled` when a newer call replaced
    ///   this one, or the calling task was cancelled; the server's failures
    ///   (`.serverUnreachable`, `.apiKeyRefused`, `.waitRequested`,
    ///   `.serverFailed`, `.refused`); `.closed`.
    public func pins(in viewport: MapViewport) async throws(BookingClientError) -> [MapPin] {
        generation += 1
        let mine = generation
        let request: MapViewport.Request
        do {
            request = try checked(viewport)
        } catch {
            // Still the newest move: the one before is not shown either.
            inFlight?.task.cancel()
            inFlight = nil
            throw error
        }
        if let kept = answered[request], client.dependencies.now().timeIntervalSince(kept.at) < lifetime {
            inFlight?.task.cancel()
            inFlight = nil
            return kept.pins
        }
        if inFlight?.request != request {
            inFlight?.task.cancel()
            inFlight = (request, start(request))
        }
        guard let task = inFlight?.task else { throw .cancelled }
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            Task { await self.callerCancelled(mine) }
        }
        // A newer camera move came meanwhile: its answer, not this one, is shown.
        guard mine == generation else { throw .cancelled }
        inFlight = nil
        switch result {
        case .success(let pins):
            keep(pins, for: request)
            return pins
        case .failure where task.isCancelled:
            throw .cancelled
        case .failure(let error):
            throw BookingClientError(error, directory: client.directory)
        }
    }

    /// What `viewport` asks the server for, while the client is open.
    private func checked(_ viewport: MapViewport) throws(BookingClientError) -> MapViewport.Request {
        try client.checkOpen()
        do {
            return try viewport.request()
        } catch {
            throw .search(error)
        }
    }

    /// The request for `request`'s boxes after the debounce, both halves of
    /// one across the antimeridian at once.
    private func start(_ request: MapViewport.Request) -> Task<[MapPin], any Error> {
        let (fetch, sleeper, debounce) = (self.fetch, self.sleeper, self.debounce)
        return Task {
            if debounce > .zero { try await sleeper.sleep(for: debounce) }
            try Task.checkCancellation()
            return try await withThrowingTaskGroup(of: (Int, [MapPin]).self) { group in
                for (index, box) in request.boxes.enumerated() {
                    group.addTask { (index, try await fetch(box, request.zoom)) }
                }
                var halves: [(Int, [MapPin])] = []
                for try await half in group { halves.append(half) }
                return halves.sorted { $0.0 < $1.0 }.flatMap(\.1)
            }
        }
    }

    /// The calling task of call `number` was cancelled (the map closed):
    /// its request is cancelled too, unless a newer call has taken it over.
    private func callerCancelled(_ number: Int) {
        guard number == generation else { return }
        inFlight?.task.cancel()
    }

    /// Keeps `pins` as the answer for `request`, dropping the oldest answer
    /// past `answeredLimit`.
    private func keep(_ pins: [MapPin], for request: MapViewport.Request) {
        answered[request] = (pins, client.dependencies.now())
        if answered.count > answeredLimit, let oldest = answered.min(by: { $0.value.at < $1.value.at }) {
            answered[oldest.key] = nil
        }
    }

    /// How long an answer is shown again: the client's `offerStaleness`.
    private var lifetime: TimeInterval { client.configuration.offerStaleness.inSeconds }
}
