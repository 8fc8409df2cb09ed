import Foundation
import TestSupport
import Testing

/// Text that did not come from the program (a server's answer, a saved row,
/// a log, an argument) never reaches a terminal raw: escape sequences,
/// carriage returns, bells and bidi overrides are shown escaped; `--json`
/// still carries the exact text.
@Suite struct HostileTextTests {
    /// Escape sequences, a carriage return, a bell, a one-byte CSI and a
    /// right-to-left override, as a hostile server would send them.
    static let hostile = "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}\r\u{9B}31m\u{202E}lat\u{2066}"
    /// The same text as an SQL expression.
    static let hostileSQL =
        "'Evil' || char(27) || '[2J' || char(27) || ']0;pwned' || char(7) || char(13) "
        + "|| char(155) || '31m' || char(8238) || 'lat' || char(8294)"

    static func expectTerminalSafe(_ text: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let forbidden: [(Unicode.Scalar, String)] = [
            ("\u{1B}", "ESC"), ("\u{202E}", "U+202E"), ("\u{9B}", "CSI"), ("\u{07}", "BEL"), ("\r", "CR"),
        ]
        for (scalar, name) in forbidden {
            #expect(
                !text.unicodeScalars.contains(scalar), "\(name) in \(context): \(text.debugDescription)",
                sourceLocation: sourceLocation)
        }
    }

    static func sqlite(_ database: String, _ sql: String) async throws {
        let shell = try #require(ExternalTool.path("sqlite3"), "the sqlite3 shell is missing")
        let run = try await Booking.execute(shell, [database, sql], environment: [:])
        try #require(run.status == 0, "sqlite3 failed: \(run.error)")
    }

    /// Spawned: `trips` and `trip ID` are the lean viewer's (`booking`), not `booking-cli`'s.
    @Test(ExternalTool.needed("sqlite3"))
    func aServersHostileTripTextIsEscapedInTripsAndTripButExactInJSON() async throws {
        let booking = Booking(label: "cli-hostile-trip")
        let bookingID = try await booking.holdAndPay()
        // The server's next version of the booking carries hostile text in
        // every field a person reads: the viewer syncs it, saves it, shows it.
        let fields = ["$.voucherCode", "$.property.name", "$.property.address", "$.property.city", "$.room.name"]
        let sets = fields.map { "'\($0)', \(Self.hostileSQL)" }.joined(separator: ", ")
        try await Self.sqlite(
            booking.dataDirectory + "/sandbox/sandbox.sqlite",
            """
            INSERT INTO booking_version (booking_id, version, body)
              SELECT booking_id, version + 1, json_set(body, '$.version', version + 1, \(sets))
              FROM booking_version WHERE booking_id = '\(bookingID)' ORDER BY version DESC LIMIT 1;
            UPDATE booking SET version = version + 1 WHERE booking_id = '\(bookingID)';
            """)
        let trips = try await booking.run(["trips"])
        #expect(trips.status == 0, "\(trips.error)")
        #expect(trips.output.contains("Evil\\u{1b}[2J"), "the server's text did not arrive: \(trips.output)")
        Self.expectTerminalSafe(trips.output, "trips")
        Self.expectTerminalSafe(trips.error, "trips stderr")

        let trip = try await booking.run(["trip", bookingID])
        #expect(trip.status == 0, "\(trip.error)")
        #expect(trip.output.contains("\\u{202e}lat"), "\(trip.output)")
        Self.expectTerminalSafe(trip.output, "trip")

        let json = try await booking.run(["trip", bookingID, "--json"])
        let saved = try #require(try json.json()["trip"] as? [String: Any])
        for field in ["voucherCode", "propertyName", "address", "city", "roomName"] {
            #expect(saved[field] as? String == Self.hostile, "\(field) is not exact in --json")
        }
        #expect(json.output.contains("\\u001b[2J"), "JSON escapes ESC as \\u001b")

        // Offline (server unreachable), the saved copy is shown the same way.
        let offline = try await booking.run(["trips", "--server", "http://127.0.0.1:9"])
        #expect(offline.status == 0, "\(offline.error)")
        #expect(offline.output.contains("Offline: this device's copy"))
        Self.expectTerminalSafe(offline.output, "offline trips")
    }

    @Test(ExternalTool.needed("sqlite3"))
    func hostileCachedOfferTextIsEscapedInOffersAndHold() async throws {
        let booking = InProcess(label: "cli-hostile-offer")
        let offerID = try await booking.firstOfferID()
        try await Self.sqlite(
            booking.dataDirectory + "/cache.sqlite",
            """
            UPDATE result_page SET items_json = (
              SELECT json_group_array(json_set(value, '$.property.name', \(Self.hostileSQL),
                                               '$.room.name', \(Self.hostileSQL)))
              FROM json_each(items_json));
            """)
        let offers = try await booking.run([
            "offers", "--place", "plc_lisbon", "--check-in", Booking.date(20),
            "--check-out", Booking.date(22), "--guests", "2",
        ])
        #expect(offers.status == 0, "\(offers.error)")
        #expect(offers.output.contains("Evil\\u{1b}"), "the cached text did not show: \(offers.output)")
        Self.expectTerminalSafe(offers.output, "offers")
        let hold = try await booking.run(["hold", offerID, "--no-wait"])
        #expect(hold.status == 0, "\(hold.output) \(hold.error)")
        #expect(hold.output.contains("Holding Evil\\u{1b}"), "\(hold.output)")
        Self.expectTerminalSafe(hold.output, "hold")
    }

    @Test func aCraftedLogIsReplayedWithItsTextEscaped() async throws {
        let booking = InProcess(label: "cli-hostile-replay")
        let text = try String(contentsOfFile: try await booking.holdLog(), encoding: .utf8)
        let crafted = booking.directory.file("crafted.jsonl")
        try text.replacingOccurrences(of: #""state":"held""#, with: #""state":"held\u001b[2J\u202e\u0007""#)
            .replacingOccurrences(of: #""requestHold""#, with: #""requestHold\u001b]0;x\u0007""#)
            .write(toFile: crafted, atomically: true, encoding: .utf8)
        let replay = try await booking.run(["replay", crafted])
        #expect(replay.status == 1)
        #expect(replay.output.contains("MISMATCH (logged held\\u{1b}[2J\\u{202e}"), "\(replay.output)")
        Self.expectTerminalSafe(replay.output, "replay")
        let json = try await booking.run(["replay", crafted, "--json"])
        let steps = try #require(try json.json()["steps"] as? [[String: Any]])
        #expect(steps.contains { $0["loggedState"] as? String == "held\u{1B}[2J\u{202E}\u{07}" })
    }

    @Test func aRightToLeftOverrideInAnArgumentIsEchoedEscaped() async throws {
        let run = try await InProcess().run(["trip", "bk_\u{202E}gpj.exe"])
        #expect(run.status == 2)
        #expect(run.error.contains("bk_\\u{202e}gpj.exe"), "\(run.error)")
        Self.expectTerminalSafe(run.error, "usage error")
        let unknown = await InProcess.bare(["fr\u{202E}ob\u{2066}"])
        #expect(unknown.status == 2)
        #expect(!unknown.error.unicodeScalars.contains("\u{2066}"), "\(unknown.error)")
        Self.expectTerminalSafe(unknown.error, "unknown command")
    }
}
