import BookingKit

#if canImport(MapKit) && canImport(SwiftUI)
import MapKit
import SwiftUI

/// The map: a tag per pin, the search asked on every camera move.
@available(iOS 17, macOS 14, *)
public struct MapScreen: View {
    @State private var search: MapSearch

    /// A map over `search`.
    public init(search: MapSearch) {
        _search = State(initialValue: search)
    }

    public var body: some View {
        Map {
            ForEach(search.pins, id: \.self) { pin in
                let mark = MapSearch.mark(pin)
                Annotation(
                    mark.label, coordinate: CLLocationCoordinate2D(latitude: mark.latitude, longitude: mark.longitude)
                ) {
                    Text(mark.label).font(.caption).padding(4).background(.background, in: Capsule())
                }
            }
        }
        .onMapCameraChange(frequency: .continuous) { context in
            let region = context.region
            Task {
                await search.cameraMoved(
                    latitude: region.center.latitude, longitude: region.center.longitude,
                    latitudeDelta: region.span.latitudeDelta, longitudeDelta: region.span.longitudeDelta)
            }
        }
    }
}
#endif
