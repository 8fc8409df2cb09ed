import BookingKit
import Foundation

/// `booking trips`: the confirmed (and cancelled) bookings saved on this
/// device, readable with the network down; says how old the copy is.
enum TripsCommand {
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let viewer = try await TripViewer.open(invocation)
        let oldest = try await viewer.repository.oldestSync()
        if invocation.json {
            let trips = try await viewer.repository.trips()
            invocation.emit(
                .object([("trips", .array(trips.map(TripRenderer.json)))] + viewer.freshnessJSON(oldest: oldest)))
            return .done
        }
        // Streamed, one row at a time: memory stays flat however many trips.
        let renderer = TripRenderer(console: invocation.console)
        let shown = try await viewer.repository.forEachTrip { trip in invocation.say(renderer.line(trip)) }
        if shown == 0 {
            invocation.say(
                "No trips on this device yet. Book one: booking search, booking offers, booking hold, booking pay.")
        }
        invocation.say(viewer.freshness(oldest: oldest))
        return .done
    }
}
