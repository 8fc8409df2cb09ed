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
        options: [CommandCatalog.refresh.spec, CalendarExport.option.spec], arguments: [CommandCatalog.bookingID.spec])

    /// The booking to show.
    let bookingID: BookingID
    /// With `--json` or `--ics`: whether to wait for the server first.
    let refreshesFirst: Bool
    /// `--ics`: the calendar instead of the list.
    let calendar: Bool

    init(_ input: CommandInput) throws(UsageError) {
        bookingID = try input(CommandCatalog.bookingID)
        refreshesFirst = try input(CommandCatalog.refresh)
        calendar = try input(CalendarExport.option)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        if calendar { return try await CalendarExport.print(bookingID, refreshingFirst: refreshesFirst, invocation) }
        return try await Self.show(bookingID, refreshingFirst: refreshesFirst, invocation)
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
