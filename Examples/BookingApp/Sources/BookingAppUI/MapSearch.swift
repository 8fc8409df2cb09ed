import BookingKit
import Foundation
import Observation

/// The map screen's logic: the camera moves, the pins follow, through the
/// library's `ViewportSearch` (debounced, the previous request cancelled,
/// an old viewport's answer never shown over a newer one). Kept outside
/// any `#if`, so that Linux CI compiles it; only the map view (`MapScreen`) is
/// Apple's.
@available(iOS 17, macOS 14, *)
@MainActor @Observable
public final class MapSearch {
    /// The pins to draw: the server's last answer for the latest viewport.
    public private(set) var pins: [MapPin] = []
    /// Why the latest viewport has no pins of its own, if it has none (the
    /// pins shown stay the server's last answer).
    public private(set) var problem: String?
    @ObservationIgnored private let search: ViewportSearch

    /// The map's search for a stay.
    public init(client: BookingClient, checkIn: CalendarDate, checkOut: CalendarDate, guests: Int) {
        search = ViewportSearch(client: client, checkIn: checkIn, checkOut: checkOut, guests: guests)
    }

    /// Called on every camera move with the visible region (centre and
    /// span in degrees, as MapKit gives it).
    public func cameraMoved(latitude: Double, longitude: Double, latitudeDelta: Double, longitudeDelta: Double) async {
        let viewport = Self.viewport(
            latitude: latitude, longitude: longitude, latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta)
        do {
            pins = try await search.pins(in: viewport)
            problem = nil
        } catch .cancelled {
            // A newer move replaced this one: its pins will come.
        } catch {
            problem = error.description
        }
    }

    /// A region as the library's viewport: its edges with longitudes
    /// wrapped into -180...180 (`west > east` when it spans the
    /// antimeridian), latitudes clamped to the poles, and the zoom at which
    /// the span is about one map tile wide.
    public nonisolated static func viewport(
        latitude: Double, longitude: Double, latitudeDelta: Double, longitudeDelta: Double
    ) -> MapViewport {
        let zoom = longitudeDelta > 0 ? Int(log2(360 / longitudeDelta).rounded(.down)) : 20
        let south = max(-90, latitude - latitudeDelta / 2)
        let north = min(90, latitude + latitudeDelta / 2)
        guard longitudeDelta < 360 else {
            return MapViewport(west: -180, south: south, east: 180, north: north, zoom: 0)
        }
        return MapViewport(
            west: wrapped(longitude - longitudeDelta / 2), south: south, east: wrapped(longitude + longitudeDelta / 2),
            north: north, zoom: min(20, max(0, zoom)))
    }

    /// `degrees` in -180...180 (180 itself stays 180: the eastern edge).
    nonisolated static func wrapped(_ degrees: Double) -> Double {
        let turned = ((degrees + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return turned == 0 && degrees > 0 ? 180 : turned - 180
    }

    /// Where a pin goes and what it says: the property's lowest total, or
    /// how many properties a cluster holds.
    public nonisolated static func mark(_ pin: MapPin) -> (latitude: Double, longitude: Double, label: String) {
        switch pin {
        case .property(_, let latitude, let longitude, let price):
            return (latitude, longitude, price.formatted)
        case .cluster(let count, let latitude, let longitude, let price):
            return (latitude, longitude, "\(count) hotels" + (price.map { " from \($0.formatted)" } ?? ""))
        }
    }
}
