import BookingCommandLine
import BookingCore
import BookingKit
import BookingViewer

/// `booking trip BOOKING_ID`: one booking from this device, shown before any
/// network call, then refreshed (bounded). `--json` shows the device's copy
/// and touches no network unless `--refresh` asks it to wait for the server.
/// A trip not on the device yet is looked for on the server (bounded).
struct TripCommand: BookingCommand {
    static let spec = CommandSpec(
        name: "trip", summary: "one booking, from this device (no network needed)",
        options: TripCopyOptions.specs, arguments: [CommandCatalog.bookingID.spec])

    /// The booking to show.
    let bookingID: BookingID
    /// `--refresh`, `--ics`.
    let copy: TripCopyOptions

    init(_ input: CommandInput) throws(UsageError) {
        bookingID = try input(CommandCatalog.bookingID)
        copy = try TripCopyOptions(input)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        if let printed = try await copy.printCalendar(bookingID, invocation) { return printed }
        return try await Self.show(bookingID, refreshingFirst: copy.refreshesFirst, invocation)
    }

    /// Shows trip `id` (also the landing of `booking open`, which never
    /// refreshes first).
    static func show(_ id: BookingID, refreshingFirst: Bool = false, _ invocation: Invocation) async throws
        -> ExitCode
    {
        let viewer = try TripViewer.local(invocation)
        var refresh: TripViewer.Refresh?
        if invocation.json && refreshingFirst { refresh = await viewer.refresh(invocation) }
        var found = try await viewer.repository.trip(id)
        if found == nil && refresh == nil {
            refresh = await viewer.refresh(invocation)
            found = try await viewer.repository.trip(id)
        }
        guard let trip = found else {
            throw CommandFailure.rejected("no trip \(id) on this device; `booking trips` lists them")
        }
        if invocation.json {
            invocation.emit(
                .object(
                    [("trip", TripRenderer.json(trip))]
                        + TripViewer.freshnessJSON(refresh ?? .notRefreshed(.notAsked), oldest: trip.record.syncedAt)))
            return .done
        }
        let renderer = TripRenderer(console: invocation.console)
        // `booking` (the lean viewer) may have shown it already.
        if invocation.environment[LeanViewer.shownVariable] == nil {
            for line in renderer.detail(trip) { invocation.say(line) }
        }
        let checked: TripViewer.Refresh
        if let refresh { checked = refresh } else { checked = await viewer.refresh(invocation) }
        if checked.changed.contains(id), let newer = try await viewer.repository.trip(id), newer != trip {
            invocation.say("Checked with the server: this trip changed since this copy:")
            for line in renderer.detail(newer) { invocation.say(line) }
        } else {
            invocation.say(TripViewer.freshness(checked, oldest: trip.record.syncedAt))
        }
        return .done
    }
}
