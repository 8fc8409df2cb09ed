import BookingCore
import BookingKit

/// `booking trip BOOKING_ID`: one booking from this device, with the
/// network down too.
enum TripCommand {
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let id = try Validate.identifier(invocation.command.arguments[0], name: "BOOKING_ID")
        return try await show(BookingID(id), invocation)
    }

    /// Shows trip `id` (also the landing of `booking open`).
    static func show(_ id: BookingID, _ invocation: Invocation) async throws -> ExitCode {
        let viewer = try await TripViewer.open(invocation)
        guard let trip = try await viewer.repository.trip(id) else {
            throw CommandFailure.rejected("no trip \(id) on this device; `booking trips` lists them")
        }
        if invocation.json {
            invocation.emit(
                .object(
                    [("trip", TripRenderer.json(trip))]
                        + viewer.freshnessJSON(oldest: trip.record.syncedAt)))
            return .done
        }
        for line in TripRenderer(console: invocation.console).detail(trip) { invocation.say(line) }
        invocation.say(viewer.freshness(oldest: trip.record.syncedAt))
        return .done
    }
}
