import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import BookingStore
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// The minimum work per booking (BENCHMARKS.md, "syncs and requests per
/// command"): each command's durable commits of `booking.sqlite` (each one
/// sync: WAL, `synchronous=FULL`), counted from the WAL's commit frames,
/// and its requests, counted by a transport, on a warm data directory, each
/// command in a new client as a new process would be. A count that grows
/// fails here.
@Suite("minimum work per command")
struct MinimumWorkTests {
    @Test("hold, pay after launch, status, reconcile and trips stay at their syncs and requests")
    func eachCommandStaysAtItsCounts() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let requests = RequestLog()
        var configuration = ClientFixture.configuration(sandbox: sandbox)
        configuration.transport = CountingTransport(base: sandbox.transport, log: requests)
        let configured = configuration
        let newClient = { try BookingClient(configured, dependencies: Dependencies(sleeper: NoSleeper())) }
        let wal = WALCommits(path: (sandbox.clientDirectory as NSString).appendingPathComponent("booking.sqlite-wal"))

        // Warm-up: the files made, one room held and paid. This client stays
        // open, so the WAL is neither checkpointed away nor deleted between counts.
        let warm = try newClient()
        await warm.launch()
        let offers = try await warm.offers(
            at: "plc_lisbon", checkIn: CalendarDate("2026-12-01")!, checkOut: CalendarDate("2026-12-03")!, guests: 2
        ).items
        try #require(offers.count >= 2)
        try await warm.hold(offers[0])
        #expect(try await warm.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .held)
        try await warm.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        #expect(try await warm.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .confirmed)

        // hold: the attempt saved before the POST, then the hold's answer.
        let holder = try newClient()
        await holder.launch()
        var mark = try Mark(wal, requests)
        let holdSent = ContinuousClock.now
        try await holder.hold(offers[1])
        #expect(try await holder.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .held)
        try mark.expect(commits: 2, requests: ["POST /v1/holds": 1], "hold")

        // pay, in a new client after launch(): one read of the hold (the
        // restore's and the reconciliation's), PAYMENT_SUBMITTED before the
        // POST, the confirmation after.
        let payer = try newClient()
        // The sandbox's clock is moved by hand: it runs as long as the
        // device's did, so the hold is read again as it stands (not longer).
        sandbox.clock.advance(milliseconds: Self.milliseconds(ContinuousClock.now - holdSent))
        mark = try Mark(wal, requests)
        await payer.launch()
        _ = await payer.follow(timeout: Poll.defaultTimeout, until: \.hasHeardBack)
        // The switch read when the room was held (saved with its time) is
        // younger than its max age: the launch and Pay use it, no request.
        // The launch asks once which rooms the account holds elsewhere.
        try mark.expect(
            commits: 0, requests: ["GET /v1/holds/{id}": 1, "GET /v1/holds": 1], "launch with a room held")
        try await payer.pay(with: PaymentToken("tok_visa"), guest: BookingFlow.Samples.guest)
        #expect(try await payer.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .confirmed)
        try mark.expect(
            commits: 2, requests: ["GET /v1/holds/{id}": 1, "GET /v1/holds": 1, "POST /v1/bookings": 1],
            "launch and pay")

        // status: a launch with nothing open writes nothing, and asks only
        // which rooms the account holds on other devices.
        let viewer = try newClient()
        mark = try Mark(wal, requests)
        await viewer.launch()
        try mark.expect(commits: 0, requests: ["GET /v1/holds": 1], "status (launch with nothing open)")

        // reconcile with nothing open.
        mark = try Mark(wal, requests)
        _ = await viewer.reconcile()
        try mark.expect(commits: 0, requests: [:], "reconcile")

        // trips: one listing; each trip's sync time is saved (the freshness shown).
        mark = try Mark(wal, requests)
        _ = try await viewer.syncTrips()
        try mark.expect(commits: 1, requests: ["GET /v1/bookings": 1], "trips")
        await sandbox.stop()
    }

    @Test("a hold read that says what the row says leaves the row as it was; a longer hold is saved")
    func unchangedHoldReadIsNotWritten() async throws {
        let sandbox = try SandboxFixture(route: .loopback)
        let wal = WALCommits(path: (sandbox.clientDirectory as NSString).appendingPathComponent("booking.sqlite-wal"))
        let client = try ClientFixture.client(sandbox: sandbox)
        await client.launch()
        try await client.hold(try await ClientFixture(sandbox: sandbox, client: client).firstOffer())
        #expect(try await client.waitUntilAtRest(timeout: Poll.defaultTimeout).stage.kind == .held)
        let repository = client.runtime.repository
        let held = try #require(try await repository.currentHold())
        let before = try wal.read()

        // The same hold read again, the sandbox's clock run as long as the
        // device's since the saved anchor: the write it would make changes
        // only `updated_at` (the anchor ends the hold within a second of the
        // saved one), so none is made and the row is the same, byte for byte.
        let saved = try #require(held.holdAnchor.flatMap(SavedHoldAnchor.init(storageText:)))
        let reading = try #require(BootClock.current())
        sandbox.clock.advance(milliseconds: Self.milliseconds(reading.sinceBoot - saved.sinceBoot))
        _ = try await repository.readHold(held.attemptID, anchor: reading, requiringTheSave: true)
        let after = try #require(try await repository.currentHold())
        #expect(after == held)
        #expect(try wal.read().commits == before.commits)

        // A read whose anchor ends the hold later (the server extended it)
        // is saved: the check compares, it does not skip every read.
        let later = try #require(BootClock.Reading(bootID: reading.bootID, sinceBoot: reading.sinceBoot + .seconds(30)))
        _ = try await repository.readHold(held.attemptID, anchor: later, requiringTheSave: true)
        let moved = try #require(try await repository.currentHold())
        #expect(moved.holdAnchor != held.holdAnchor)
        #expect(try wal.read().commits == before.commits + 1)
        await sandbox.stop()
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}

/// The requests sent, as `METHOD /path` with ids as `{id}`.
private final class RequestLog: Sendable {
    private let sent = Locked<[String]>([])

    func record(_ request: TransportRequest) {
        let parts = request.url.path.split(separator: "/").map { part in
            part.contains("_") ? "{id}" : String(part)
        }
        let line = "\(request.method) /" + parts.joined(separator: "/")
        sent.withLock { $0.append(line) }
    }

    var all: [String] { sent.withLock { $0 } }
}

/// Passes each request on, recording it.
private struct CountingTransport: Transport {
    let base: any Transport
    let log: RequestLog

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        log.record(request)
        return try await base.send(request)
    }
}

/// The commits in `booking.sqlite`'s WAL: frames whose header says "commit"
/// (a database size after it), of the WAL's current generation (its salts).
/// In WAL mode with `synchronous=FULL` each commit is one sync of the WAL.
private struct WALCommits {
    let path: String

    struct Reading: Equatable {
        var salts: [UInt32]
        var commits: Int
    }

    func read() throws -> Reading {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        guard bytes.count >= 32 else { return Reading(salts: [], commits: 0) }
        func word(_ at: Int) -> UInt32 { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        let size = Int(word(8))
        let pageSize = size == 1 ? 65536 : size
        let salts = [word(16), word(20)]
        var (offset, commits) = (32, 0)
        while offset + 24 + pageSize <= bytes.count, [word(offset + 8), word(offset + 12)] == salts {
            if word(offset + 4) != 0 { commits += 1 }
            offset += 24 + pageSize
        }
        return Reading(salts: salts, commits: commits)
    }
}

/// The counts at one moment, to compare with later.
private struct Mark {
    let wal: WALCommits
    let requests: RequestLog
    let start: WALCommits.Reading
    let sent: Int

    init(_ wal: WALCommits, _ requests: RequestLog) throws {
        self.wal = wal
        self.requests = requests
        start = try wal.read()
        sent = requests.all.count
    }

    /// Expects at most `commits` commits and exactly `requests` since the mark.
    func expect(commits: Int, requests expected: [String: Int], _ command: String) throws {
        let now = try wal.read()
        try #require(now.salts == start.salts, "the WAL restarted during \(command): its commits cannot be counted")
        let made = now.commits - start.commits
        #expect(made <= commits, "\(command): \(made) durable commits, at most \(commits)")
        let sentNow = Dictionary(requests.all.dropFirst(sent).map { ($0, 1) }, uniquingKeysWith: +)
        #expect(sentNow == expected, "\(command): sent \(sentNow), expected \(expected)")
    }
}
