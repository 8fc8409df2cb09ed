import BookingKit
import Foundation

/// `booking trips`: the confirmed (and cancelled) bookings saved on this
/// device, readable with the network down; says how old the copy is.
enum TripsCommand {
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let viewer = try await TripViewer.open(invocation)
        let trips = try await viewer.repository.trips()
        let oldest = try await viewer.repository.oldestSync()
        if invocation.json {
            invocation.emit(.object([("trips", .array(trips.map(TripRenderer.json)))] + viewer.freshnessJSON(oldest: oldest)))
            return .done
        }
        let renderer = TripRenderer(console: invocation.console)
        if trips.isEmpty {
            invocation.say("No trips on this device yet. Book one: booking search, booking offers, booking hold, booking pay.")
        }
        for trip in trips { invocation.say(renderer.line(trip)) }
        invocation.say(viewer.freshness(oldest: oldest))
        return .done
    }
}
