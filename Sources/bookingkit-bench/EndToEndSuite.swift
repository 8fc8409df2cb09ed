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
/// its trip). Both sides book their own offers on the same server, turn
/// about, so the server's share of the time and CPU is the same on each.
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

        let library = try LibraryBooker(port: port, directory: directory + "/library")
        let onSockets = try LibraryBooker(
            port: port, directory: directory + "/library-sockets", account: "benchsockets",
            transport: try RawSocketTransport(port: port))
        let raw = try RawBooker(port: port, directory: try context.directory("booking-raw"))
        // One offer per booking, each on its own dates, read before anything is timed.
        let offers = try library.offers(count: 3 * (bookings + 1))
        var wall: [[Int64]] = [[], [], []]
        var cpu: [[Int64]] = [[], [], []]
        for round in 0...bookings {
            // Turn about, so no side always runs on a server another just warmed.
            for step in 0..<3 {
                let side = (round + step) % 3
                let offer = offers[3 * round + side]
                let start = Measure.now()
                switch side {
                case 0: try library.book(offer)
                case 1: try onSockets.book(offer)
                default: try raw.book((offer.id.rawValue, offer.quote.id.rawValue))
                }
                let (elapsed, used) = Measure.since(start)
                if side == 0 { library.goBack() }
                if side == 1 { onSockets.goBack() }
                guard round > 0 else { continue }  // the first round is the warm-up
                wall[side].append(elapsed)
                cpu[side].append(used)
            }
        }
        context.log("booking: \(bookings) bookings per side after a warm-up; library requests \(library.requests)")
        try context.expectSame("requests per booking", store: library.requestsPerBooking, baseline: [2])
        try context.expectSame("requests per booking on sockets", store: onSockets.requestsPerBooking, baseline: [2])
        let detail =
            "median of \(bookings) bookings per side, turn about; hold + pay tok_visa over loopback "
            + "(URLSession) vs a raw keep-alive socket and sqlite3 C; 2 POSTs and 4 durable commits each"
        let split =
            "as above, the library on a raw-socket Transport (a bench-only transport that blocks its thread): "
            + "the library's cost without URLSession's"
        func figure(_ name: String, _ side: Int, _ samples: [[Int64]], _ detail: String, goal: Goal?) -> Figure {
            Figure(
                name: name, kind: .latency, store: Samples(samples[side]).median, baseline: Samples(samples[2]).median,
                goal: goal, detail: detail, sides: (side == 0 ? "BookingClient" : "on sockets", "raw socket+C"))
        }
        let cpuNote = "; CPU of the whole process (the in-process server's share is alike on every side)"
        return [
            figure("Booking end to end, wall", 0, wall, detail, goal: Goal(maxRatio: 1.5)),
            figure("Booking end to end, CPU", 0, cpu, detail + cpuNote, goal: Goal(maxRatio: 1.5)),
            figure("Booking end to end without URLSession, wall", 1, wall, split, goal: nil),
            figure("Booking end to end without URLSession, CPU", 1, cpu, split + cpuNote, goal: nil),
        ]
    }
}
