import BookingAPI
import BookingCore
import BookingKit
import BookingSandbox
import Foundation

/// A whole booking, hold then pay with `tok_visa`, over loopback HTTP to
/// the sandbox in this process: `BookingClient` against a raw baseline that
/// makes the contract's two POSTs on a keep-alive socket and the four
/// durable commits the promises need in raw sqlite3 C (the attempt before
/// the hold's POST, the hold, the payment before its POST, the booking and
/// its trip). Every side books its own offers on the same server, turn
/// about, so the server's share of the time and CPU is the same on each.
/// Two more sides split the figure: the library on a raw socket (its cost
/// without an HTTP client's) and on URLSession.
struct EndToEndSuite: BenchmarkSuite {
    let name = "booking"
    let summary = "a booking (hold + pay) over loopback to the sandbox, the library vs raw sockets and C"

    func run(_ context: SuiteContext) throws -> [Figure] {
        let bookings = context.scale == .quick ? 3 : 40
        let directory = try context.directory("booking")
        let server = try SandboxServer(
            configuration: SandboxConfiguration(databasePath: directory + "/sandbox/sandbox.sqlite"))
        let port = try server.start()
        defer { ReconcileSuite.wait { await server.shutdown() } }

        // The library as an app on this platform has it (on Linux, libcurl),
        // the library on a raw socket, and the library over URLSession.
        let bookers = [
            try LibraryBooker(port: port, directory: directory + "/library"),
            try LibraryBooker(
                port: port, directory: directory + "/library-sockets", account: "benchsockets",
                transport: try RawSocketTransport(port: port)),
            try LibraryBooker(
                port: port, directory: directory + "/library-urlsession", account: "benchurlsession",
                transport: URLSessionTransport()),
        ]
        let library = bookers[0]
        let raw = try RawBooker(port: port, directory: try context.directory("booking-raw"))
        let sides = bookers.count + 1
        // One offer per booking, each on its own dates, read before anything is timed.
        let offers = try library.offers(count: sides * (bookings + 1))
        var wall = [[Int64]](repeating: [], count: sides)
        var cpu = [[Int64]](repeating: [], count: sides)
        for round in 0...bookings {
            // Turn about, so no side always runs on a server another just warmed.
            for step in 0..<sides {
                let side = (round + step) % sides
                let offer = offers[sides * round + side]
                let start = Measure.now()
                if side < bookers.count {
                    try bookers[side].book(offer)
                } else {
                    try raw.book((offer.id.rawValue, offer.quote.id.rawValue))
                }
                let (elapsed, used) = Measure.since(start)
                if side < bookers.count { bookers[side].goBack() }
                guard round > 0 else { continue }  // the first round is the warm-up
                wall[side].append(elapsed)
                cpu[side].append(used)
            }
        }
        context.log("booking: \(bookings) bookings per side after a warm-up; library requests \(library.requests)")
        try context.expectSame("requests per booking", store: library.requestsPerBooking, baseline: [2])
        try context.expectSame("requests per booking on sockets", store: bookers[1].requestsPerBooking, baseline: [2])
        try context.expectSame(
            "requests per booking on URLSession", store: bookers[2].requestsPerBooking, baseline: [2])
        let detail =
            "median of \(bookings) bookings per side, turn about; hold + pay tok_visa over loopback "
            + "(the platform's transport: libcurl on Linux) vs a raw keep-alive socket and sqlite3 C; "
            + "2 POSTs and 4 durable commits each"
        let split =
            "as above, the library on a raw-socket Transport (a bench-only transport that blocks its thread): "
            + "the library's cost without its HTTP client's"
        let overURLSession = "as above, the library on URLSessionTransport (FoundationNetworking on Linux)"
        func figure(_ name: String, _ side: Int, _ samples: [[Int64]], _ detail: String, goal: Goal?) -> Figure {
            Figure(
                name: name, kind: .latency, store: Samples(samples[side]).median,
                baseline: Samples(samples[bookers.count]).median, goal: goal, detail: detail,
                sides: (["BookingClient", "on sockets", "URLSession"][side], "raw socket+C"))
        }
        let cpuNote = "; CPU of the whole process (the in-process server's share is alike on every side)"
        return [
            figure("Booking end to end, wall", 0, wall, detail, goal: Goal(maxRatio: 1.5)),
            figure("Booking end to end, CPU", 0, cpu, detail + cpuNote, goal: Goal(maxRatio: 1.5)),
            figure("Booking end to end on a raw socket, wall", 1, wall, split, goal: nil),
            figure("Booking end to end on a raw socket, CPU", 1, cpu, split + cpuNote, goal: nil),
            figure("Booking end to end over URLSession, wall", 2, wall, overURLSession, goal: nil),
            figure("Booking end to end over URLSession, CPU", 2, cpu, overURLSession + cpuNote, goal: nil),
        ]
    }
}
