import BookingCore
import BookingStore
import Foundation

/// `booking trips` and `booking trip ID` at the speed of a database read:
/// the device's copy printed by a program that links no networking and
/// starts no sandbox, then a refresh only when the server can be reached.
///
/// The server is probed with one TCP connection (bounded by `probeBound`):
/// refused, no address or no answer means offline, said at once. When it
/// answers, or when there is no server but the embedded sandbox, the full
/// CLI (`booking-cli`, installed next to `booking`) takes over with
/// `shownVariable` set: it skips what was printed, refreshes within its
/// own bound and says what changed.
public enum LeanViewer {
    /// What to do after `run`.
    public enum Next: Equatable, Sendable {
        /// Exit with this code.
        case exit(Int32)
        /// Hand the same command line to the full CLI, with `shown` when the
        /// device's copy is already on screen.
        case handOver(shown: Bool)
    }

    /// The environment variable that tells the full CLI the device's copy
    /// is on screen and only the refresh is left.
    public static let shownVariable = "BOOKINGKIT_VIEWER_SHOWN"

    /// The name of the full CLI's executable, next to `booking`.
    public static let fullCLI = "booking-cli"

    /// The longest the server probe waits for an answer.
    public static let probeBound: Int32 = 300

    /// Answers `arguments` when it is a viewer request this program can
    /// answer alone.
    public static func run(arguments: [String], environment: [String: String]) -> Next {
        guard environment[shownVariable] == nil,
            let request = ViewerRequest(
                arguments: arguments, environment: environment,
                currentDirectory: FileManager.default.currentDirectoryPath)
        else { return .handOver(shown: false) }
        ViewerPlatform.ignoreBrokenPipes()
        // Anything unusual about the file (read-only, damaged, newer) is the
        // full CLI's to explain.
        guard let store = try? BookingDatabase(directory: request.dataDirectory) else {
            return .handOver(shown: false)
        }
        let colour =
            ViewerPlatform.outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        let output = ViewerOutput()
        do {
            if request.ics {
                guard let text = try calendar(store, tripID: request.tripID) else { return .handOver(shown: false) }
                output.append(text)
                output.finish()
                return .exit(0)
            }
            if let id = request.tripID {
                guard let trip = try store.trips.trip(id: BookingID(id)) else { return .handOver(shown: false) }
                if request.json {
                    output.append("{\n  \"trip\": " + TripText.json(trip, depth: 1))
                    output.append(freshnessJSON(oldest: trip.syncedAt) + "\n}\n")
                    output.finish()
                    return .exit(0)
                }
                for line in TripText.detail(trip, colour: colour, now: Date()) { output.append(line + "\n") }
                return refresh(request, output: output, oldest: trip.syncedAt)
            }
            let (shown, oldest) = try list(store, json: request.json, colour: colour, output: output)
            if request.json {
                output.append(freshnessJSON(oldest: oldest) + "\n}\n")
                output.finish()
                return .exit(0)
            }
            if shown == 0 {
                output.append(TripText.noTrips + "\n")
            }
            return refresh(request, output: output, oldest: oldest)
        } catch {
            // A read that failed half-way: the full CLI reports it.
            return output.hasWritten ? .exit(1) : .handOver(shown: false)
        }
    }

    /// Streams every trip (lines, or the `--json` document up to its
    /// freshness fields). Returns how many were shown, and when the oldest
    /// saved trip was synced.
    private static func list(
        _ store: BookingDatabase, json: Bool, colour: Bool, output: ViewerOutput
    ) throws -> (shown: Int, oldest: Date?) {
        var shown = 0
        let skipped: (TripTable.Skipped) -> Void = { note(TripText.skippedNote($0)) }
        guard json else {
            // One pass: the walk also finds the oldest sync.
            let oldest = try store.trips.forEachLineView(skipping: skipped) { line in
                if !line.hasDetails { note(TripText.withoutDetailsNote(TripLine(line).bookingID)) }
                output.appendLine(line, colour: colour)
                shown += 1
            }
            return (shown, oldest)
        }
        output.append("{\n  \"trips\": [")
        try store.trips.forEach(skipping: skipped) { trip in
            if trip.summary == nil { note(TripText.withoutDetailsNote(trip.bookingID)) }
            output.append((shown == 0 ? "\n    " : ",\n    ") + TripText.json(trip, depth: 2))
            shown += 1
        }
        output.append(shown == 0 ? "]" : "\n  ]")
        return (shown, try store.trips.oldestSync())
    }

    /// The device's trips (or the one asked for) as one iCalendar document;
    /// nil when the trip asked for is not on the device (the full CLI says so).
    private static func calendar(_ store: BookingDatabase, tripID: String?) throws -> String? {
        if let tripID {
            guard let trip = try store.trips.trip(id: BookingID(tripID)) else { return nil }
            return TripCalendar(events: trip.calendarEvent.map { [$0] } ?? []).text
        }
        var events: [TripCalendar.Event] = []
        try store.trips.forEach(skipping: { note(TripText.skippedNote($0)) }) { trip in
            if let event = trip.calendarEvent { events.append(event) }
        }
        return TripCalendar(events: events).text
    }

    /// After the device's copy: offline said at once when the server cannot
    /// be reached; otherwise the full CLI refreshes.
    private static func refresh(_ request: ViewerRequest, output: ViewerOutput, oldest: Date?) -> Next {
        // The copy is on screen before the server is asked anything.
        output.finish()
        guard let server = request.server,
            !ViewerPlatform.canConnect(host: server.host, port: server.port, milliseconds: probeBound)
        else {
            output.finish()
            return .handOver(shown: true)
        }
        output.append(TripText.offline(syncedAgo: oldest.map { ago($0) }) + "\n")
        output.finish()
        return .exit(0)
    }

    /// `3 min ago`.
    static func ago(_ date: Date, now: Date = Date()) -> String {
        ViewerText.age(seconds: Int64(max(0, now.timeIntervalSince(date))))
    }

    /// `,\n  "offline": true, ...` for the device's copy (never checked
    /// with the server by this program).
    private static func freshnessJSON(oldest: Date?) -> String {
        guard let oldest else {
            return ",\n  \"offline\": true,\n  \"syncedAt\": null,\n  \"syncedAgo\": null,\n  \"ageSeconds\": null"
        }
        let now = Date()
        return ",\n  \"offline\": true,\n  \"syncedAt\": "
            + TripText.quoted(ViewerText.iso(unixMilliseconds: TripText.milliseconds(oldest)))
            + ",\n  \"syncedAgo\": " + TripText.quoted(ago(oldest, now: now))
            + ",\n  \"ageSeconds\": " + String(Int(max(0, now.timeIntervalSince(oldest))))
    }

    /// A line on stderr.
    static func note(_ text: String) {
        _ = ViewerPlatform.write(Array((text + "\n").utf8), to: 2)
    }

    /// Replaces this process with the full CLI next to it, running the same
    /// command line. Returns only when it cannot (then says why).
    public static func handOver(arguments: [String], shown: Bool) -> Int32 {
        guard let directory = ViewerPlatform.executableDirectory() else {
            note("booking: cannot find the directory of this program to run \(fullCLI)")
            return 1
        }
        let path = directory + "/" + fullCLI
        let failure = ViewerPlatform.exec(
            path, [CommandLine.arguments.first ?? "booking"] + arguments, extra: shown ? [shownVariable: "1"] : [:])
        note(
            "booking: cannot run \(path) (error \(failure)): build it with `swift build`; it is installed next to booking"
        )
        return 1
    }
}
