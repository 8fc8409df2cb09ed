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
        let raw = try RawBooker(port: port, directory: try context.directory("booking-raw"))
        // One offer per booking, each on its own dates, read before anything is timed.
        let offers = try library.offers(count: 2 * (bookings + 1))
        var libraryWall: [Int64] = []
        var libraryCPU: [Int64] = []
        var rawWall: [Int64] = []
        var rawCPU: [Int64] = []
        for round in 0...bookings {
            let mine = offers[2 * round]
            let theirs = offers[2 * round + 1]
            // Turn about, so neither side always runs on a server the other just warmed.
            let libraryFirst = round % 2 == 0
            var times: [(wall: Int64, cpu: Int64, library: Bool)] = []
            for side in libraryFirst ? [true, false] : [false, true] {
                let start = Measure.now()
                if side { try library.book(mine) } else { try raw.book((theirs.id.rawValue, theirs.quote.id.rawValue)) }
                let (wall, cpu) = Measure.since(start)
                times.append((wall, cpu, side))
                if side { library.goBack() }
            }
            guard round > 0 else { continue }  // the first round is the warm-up
            for time in times {
                if time.library {
                    libraryWall.append(time.wall)
                    libraryCPU.append(time.cpu)
                } else {
                    rawWall.append(time.wall)
                    rawCPU.append(time.cpu)
                }
            }
        }
        try context.expectSame("requests per booking", store: library.requestsPerBooking, baseline: [2])
        context.log("booking: \(bookings) bookings per side after a warm-up; library requests \(library.requests)")
        let detail =
            "median of \(bookings) bookings per side, turn about; hold + pay tok_visa over loopback "
            + "(URLSession) vs a raw keep-alive socket and sqlite3 C; 2 POSTs and 4 durable commits each"
        return [
            Figure(
                name: "Booking end to end, wall", kind: .latency, store: Samples(libraryWall).median,
                baseline: Samples(rawWall).median, goal: Goal(maxRatio: 1.5), detail: detail,
                sides: ("BookingClient", "raw socket+C")),
            Figure(
                name: "Booking end to end, CPU", kind: .latency, store: Samples(libraryCPU).median,
                baseline: Samples(rawCPU).median, goal: Goal(maxRatio: 1.5),
                detail: detail + "; CPU of the whole process (the in-process server's share is alike on both sides)",
                sides: ("BookingClient", "raw socket+C")),
        ]
    }
}
