import BookingPrimitives
import BookingValues

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
///
/// An environment that names a locale for money (`LC_ALL`, `LC_MONETARY`
/// or `LANG`, other than `C` or `POSIX`: `MoneyLocaleName`) hands the
/// lines for people to the full CLI too when there is an amount to write
/// (a trip), which writes it in that locale's form with Foundation;
/// `--json`, `--ics` and an empty list stay here.
package enum LeanViewer {
    /// What to do after `run`.
    package enum Next: Equatable, Sendable {
        /// Exit with this code.
        case exit(Int32)
        /// Hand the same command line to the full CLI, with `shown` when the
        /// device's copy is already on screen.
        case handOver(shown: Bool)
    }

    /// The environment variable that tells the full CLI the device's copy
    /// is on screen and only the refresh is left.
    package static let shownVariable = "BOOKINGKIT_VIEWER_SHOWN"

    /// The name of the full CLI's executable, next to `booking`.
    package static let fullCLI = "booking-cli"

    /// The migration steps of `booking.sqlite` the viewer reads; a file
    /// with any other set is the full CLI's (a test holds this to
    /// `ClientSchema.bookingSteps`).
    package static var knownSchemaSteps: [String] { TripFile.knownSteps }

    /// The longest the server probe waits for an answer.
    package static let probeBound: Int32 = 300

    /// The `booking` program: answers this process's command line, or hands
    /// it to the full CLI; never returns.
    package static func runAsProcess() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Only the variables read: a dictionary of the whole environment
        // cost 0.53 M instructions of a 3.8 M-instruction start (BENCHMARKS.md).
        let environment = ViewerPlatform.environment(
            ViewerRequest.variables + MoneyLocaleName.variables + [shownVariable, "NO_COLOR", "TERM"])
        switch run(arguments: arguments, environment: environment) {
        case .exit(let code):
            ViewerPlatform.exit(code)
        case .handOver(let shown):
            ViewerPlatform.exit(handOver(arguments: arguments, shown: shown))
        }
    }

    /// Answers `arguments` when it is a viewer request this program can
    /// answer alone.
    package static func run(arguments: [String], environment: [String: String]) -> Next {
        guard environment[shownVariable] == nil,
            let request = ViewerRequest(
                arguments: arguments, environment: environment,
                currentDirectory: ViewerPlatform.currentDirectory() ?? "/")
        else { return .handOver(shown: false) }
        // Money in a locale's form needs Foundation's locale data: the full
        // CLI writes it. `--json` and `--ics` keep the neutral form here,
        // and so does a list with no trip (no amount to write).
        let namesLocale = !request.json && !request.ics && MoneyLocaleName.identifier(in: environment) != nil
        ViewerPlatform.ignoreBrokenPipes()
        // Anything unusual about the file (missing, read-only, damaged, an
        // older or newer schema) is the full CLI's to create or explain,
        // and so is a data directory another server or account owns (the
        // CLI finds that one's space).
        let owner = ViewerPlatform.smallFile(request.dataDirectory + "/" + DataSpace.ownerFileName)
        guard owner == .missing || owner == .bytes(Array(request.dataSpace.ownerText.utf8)),
            let store = TripFile(directory: request.dataDirectory)
        else {
            return .handOver(shown: false)
        }
        if namesLocale, request.tripID != nil || (try? store.oldestSync()) != nil {
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
                guard let trip = try store.trip(id: id) else { return .handOver(shown: false) }
                if request.json {
                    output.append("{\n  \"trip\": " + TripPrinter.json(trip, depth: 1))
                    output.append(freshnessJSON(oldest: trip.syncedAtMilliseconds) + "\n}\n")
                    output.finish()
                    return .exit(0)
                }
                let now = ViewerPlatform.nowMilliseconds()
                for line in TripPrinter.detail(trip, colour: colour, nowMilliseconds: now) {
                    output.append(line + "\n")
                }
                return refresh(request, output: output, oldest: trip.syncedAtMilliseconds)
            }
            let (shown, oldest) = try list(store, json: request.json, colour: colour, output: output)
            if request.json {
                output.append(freshnessJSON(oldest: oldest) + "\n}\n")
                output.finish()
                return .exit(0)
            }
            if shown == 0 {
                output.append(TripPrinter.noTrips + "\n")
            }
            return refresh(request, output: output, oldest: oldest)
        } catch {
            // A read that failed half-way: the full CLI reports it.
            return output.hasWritten ? .exit(1) : .handOver(shown: false)
        }
    }

    /// Streams every trip (lines, or the `--json` document up to its
    /// freshness fields). Returns how many were shown, and when the oldest
    /// saved trip was synced (unix ms).
    private static func list(
        _ store: TripFile, json: Bool, colour: Bool, output: ViewerOutput
    ) throws -> (shown: Int, oldest: Int64?) {
        var shown = 0
        let skipped: (String, String) -> Void = { note(TripPrinter.skippedNote(bookingID: $0, reason: $1)) }
        guard json else {
            // One pass: the walk also finds the oldest sync.
            let oldest = try store.forEachLine(skipping: skipped) { line in
                if !line.hasDetails {
                    note(TripPrinter.withoutDetailsNote(BookingID(line.withText(.bookingID) { Self.text($0) })))
                }
                output.appendLine(line, colour: colour)
                shown += 1
            }
            return (shown, oldest)
        }
        output.append("{\n  \"trips\": [")
        try store.forEach(skipping: skipped) { trip in
            if trip.details == nil { note(TripPrinter.withoutDetailsNote(trip.bookingID)) }
            output.append((shown == 0 ? "\n    " : ",\n    ") + TripPrinter.json(trip, depth: 2))
            shown += 1
        }
        output.append(shown == 0 ? "]" : "\n  ]")
        return (shown, try store.oldestSync())
    }

    private static func text(_ bytes: UnsafeRawBufferPointer?) -> String {
        bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The device's trips (or the one asked for) as one iCalendar document;
    /// nil when the trip asked for is not on the device (the full CLI says so).
    private static func calendar(_ store: TripFile, tripID: String?) throws -> String? {
        if let tripID {
            guard let trip = try store.trip(id: tripID) else { return nil }
            return TripCalendar(events: trip.calendarEvent.map { [$0] } ?? []).text
        }
        var events: [TripCalendar.Event] = []
        try store.forEach(skipping: { note(TripPrinter.skippedNote(bookingID: $0, reason: $1)) }) { trip in
            if let event = trip.calendarEvent { events.append(event) }
        }
        return TripCalendar(events: events).text
    }

    /// After the device's copy: offline said at once when the server cannot
    /// be reached (and why, when its name has no address); otherwise the
    /// full CLI refreshes.
    private static func refresh(_ request: ViewerRequest, output: ViewerOutput, oldest: Int64?) -> Next {
        // The copy is on screen before the server is asked anything.
        output.finish()
        guard let server = request.server else { return .handOver(shown: true) }
        switch ViewerPlatform.probe(host: server.host, port: server.port, milliseconds: probeBound) {
        case .answered:
            return .handOver(shown: true)
        case .unanswered:
            break
        case .unresolved(let reason):
            // No address for the name is not the network being down.
            note(unresolvedNote(host: server.host, reason: reason))
            output.append(
                TripPrinter.notRefreshed("no address for \(server.host)", syncedAgo: oldest.map { ago($0) }) + "\n")
            output.finish()
            return .exit(0)
        }
        output.append(TripPrinter.offline(syncedAgo: oldest.map { ago($0) }) + "\n")
        output.finish()
        return .exit(0)
    }

    /// What stderr says when the server's name has no address: the trips
    /// shown are the device's copy, and the name is why.
    static func unresolvedNote(host: String, reason: String) -> String {
        "booking: cannot find the address of \(host) (\(reason)): showing this device's copy"
    }

    /// `3 min ago`, for a sync at `milliseconds` (unix ms).
    static func ago(_ milliseconds: Int64, now: Int64 = ViewerPlatform.nowMilliseconds()) -> String {
        ViewerText.age(seconds: max(0, now - milliseconds) / 1000)
    }

    /// `,\n  "offline": false, "notRefreshed": ...` for the device's copy:
    /// never checked with the server by this program, which is not being
    /// offline.
    private static func freshnessJSON(oldest: Int64?) -> String {
        let head = ",\n  \"offline\": false,\n  \"notRefreshed\": " + TripPrinter.quoted(TripPrinter.refreshNotAsked)
        guard let oldest else {
            return head + ",\n  \"syncedAt\": null,\n  \"syncedAgo\": null,\n  \"ageSeconds\": null"
        }
        let now = ViewerPlatform.nowMilliseconds()
        return head + ",\n  \"syncedAt\": "
            + TripPrinter.quoted(ViewerText.iso(unixMilliseconds: oldest))
            + ",\n  \"syncedAgo\": " + TripPrinter.quoted(ago(oldest, now: now))
            + ",\n  \"ageSeconds\": " + String(max(0, now - oldest) / 1000)
    }

    /// A line on stderr.
    static func note(_ text: String) {
        _ = ViewerPlatform.write(Array((text + "\n").utf8), to: 2)
    }

    /// Replaces this process with the full CLI next to it, running the same
    /// command line. Returns only when it cannot (then says why).
    package static func handOver(arguments: [String], shown: Bool) -> Int32 {
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
