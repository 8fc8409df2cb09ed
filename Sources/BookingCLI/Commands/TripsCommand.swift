import BookingCommandLine
import BookingCore
import BookingKit
import BookingViewer
import Foundation

/// `booking trips`: the confirmed (and cancelled) bookings saved on this
/// device, printed before any network call; then refreshed from the server
/// (bounded) with what changed. `--json` prints the device's copy at once
/// and touches no network, unless `--refresh` asks it to wait for the
/// server first. (`booking` answers the usual cases itself with the lean
/// viewer and hands the refresh over here with the copy already shown.)
struct TripsCommand: BookingCommand {
    static let spec = CommandSpec(
        name: "trips", summary: "your confirmed bookings, from this device (no network needed)",
        options: TripCopyOptions.specs)

    /// `--refresh`, `--ics`.
    let copy: TripCopyOptions

    init(_ input: CommandInput) throws(UsageError) {
        copy = try TripCopyOptions(input)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        if let printed = try await copy.printCalendar(nil, invocation) { return printed }
        if invocation.json {
            let viewer = try TripViewer.local(invocation)
            let refresh = copy.refreshesFirst ? await viewer.refresh(invocation) : .notRefreshed(.notAsked)
            try await Self.printJSON(viewer, refresh: refresh, invocation)
            return .done
        }
        let viewer = try TripViewer.local(invocation)
        let renderer = TripRenderer(console: invocation.console)
        if invocation.environment[LeanViewer.shownVariable] == nil {
            let output = BufferedOutput(console: invocation.console)
            // Streamed, one row at a time: memory stays flat however many trips.
            let shown = try await viewer.repository.forEachTrip(
                skipping: TripViewer.noteSkipping(invocation.console),
                { trip in
                    if trip.record.summary == nil {
                        invocation.console.note(TripText.withoutDetailsNote(trip.record.bookingID))
                    }
                    output.line(renderer.line(trip))
                })
            output.flush()
            if shown == 0 {
                invocation.say(TripText.noTrips)
            }
        }
        let oldest = try await viewer.repository.oldestSync()
        let refresh = await viewer.refresh(invocation)
        guard refresh.isFresh, !refresh.changed.isEmpty else {
            invocation.say(TripViewer.freshness(refresh, oldest: oldest))
            return .done
        }
        let count = refresh.changed.count
        invocation.say("Checked with the server: \(count) trip\(count == 1 ? "" : "s") changed since this copy:")
        for id in refresh.changed {
            if let trip = try await viewer.repository.trip(id) { invocation.say(renderer.line(trip)) }
        }
        return .done
    }

    /// The JSON document, streamed trip by trip: byte for byte what
    /// `JSONValue` would write for the whole document, never held in memory.
    private static func printJSON(_ viewer: TripViewer, refresh: TripViewer.Refresh, _ invocation: Invocation)
        async throws
    {
        let output = BufferedOutput(console: invocation.console)
        output.append("{\n  \"trips\": [")
        let shown = try await viewer.repository.forEachTrip(
            skipping: TripViewer.noteSkipping(invocation.console),
            { trip in output.appendArrayItem(TripText.json(trip.record, depth: 2)) })
        output.append(shown == 0 ? "]" : "\n  ]")
        let oldest = try await viewer.repository.oldestSync()
        for (name, value) in TripViewer.freshnessJSON(refresh, oldest: oldest) {
            output.append(",\n  " + JSONValue.string(name).serialized() + ": " + value.serialized(indentLevel: 1))
        }
        output.append("\n}\n")
        output.flush()
    }
}
