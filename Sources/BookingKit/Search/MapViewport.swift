import BookingAPI

/// What a map shows: its edges in degrees, as the map gives them, and its
/// zoom (0 the whole world, 20 a street).
///
/// `west` greater than `east` is a viewport across the antimeridian (from
/// 170 to -170 is 20 degrees wide over the Pacific), and `ViewportSearch`
/// asks the server for its two halves. `south` above `north` is upside down
/// and refused, as are latitudes beyond ±90, longitudes beyond ±180 (wrap
/// them first), a zoom outside 0...20 and a coordinate that is not a number:
/// `BookingClientError.search(.invalidQuery)` says which, and nothing is
/// sent. The whole world, `MapViewport(west: -180, south: -90, east: 180,
/// north: 90, zoom: 0)`, is a viewport like any other: the server groups it
/// into a few clusters.
public struct MapViewport: Hashable, Sendable {
    /// The western edge's longitude.
    package var west: Double
    /// The southern edge's latitude.
    package var south: Double
    /// The eastern edge's longitude.
    package var east: Double
    /// The northern edge's latitude.
    package var north: Double
    /// The map's zoom.
    package var zoom: Int

    /// A viewport with these edges (degrees) at `zoom`.
    public init(west: Double, south: Double, east: Double, north: Double, zoom: Int) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
        self.zoom = zoom
    }

    /// One box the server is asked for: never across the antimeridian.
    package struct Box: Hashable, Sendable {
        package var west, south, east, north: Double

        /// The box as `BookingAPIClient` sends it.
        package var wire: BookingAPIClient.BoundingBox { (west, south, east, north) }
    }

    /// What the server is asked for this viewport: one box, or the two
    /// halves of one across the antimeridian (the whole width when the
    /// halves meet), each edge moved outward onto the server's grid at the
    /// zoom (`PinGrouping`: cells of 360 / 2^(zoom + 2) degrees from -180
    /// and -90). So a small move of the camera asks for the same boxes (the
    /// cache's key), and every group the server answers is a whole cell.
    package struct Request: Hashable, Sendable {
        package var boxes: [Box]
        package var zoom: Int
    }

    /// The zooms a viewport may have.
    package static let zooms = 0...20

    /// The request for this viewport.
    ///
    /// - Throws: `SearchError.invalidQuery` naming what is wrong.
    package func request() throws(SearchError) -> Request {
        guard [west, south, east, north].allSatisfy(\.isFinite) else {
            throw .invalidQuery("the map's viewport has a coordinate that is not a number")
        }
        guard Self.zooms.contains(zoom) else { throw .invalidQuery("zoom \(zoom) is not from 0 to 20") }
        guard (-90...90).contains(south), (-90...90).contains(north) else {
            throw .invalidQuery("latitudes are from -90 to 90, not \(south) to \(north)")
        }
        guard (-180...180).contains(west), (-180...180).contains(east) else {
            throw .invalidQuery("longitudes are from -180 to 180, not \(west) to \(east) (wrap them first)")
        }
        guard south <= north else {
            throw .invalidQuery("the viewport is upside down: south \(south) is above north \(north)")
        }
        let cell = 360 / Double(1 << (zoom + 2))
        func down(_ value: Double, from origin: Double) -> Double {
            ((value - origin) / cell).rounded(.down) * cell + origin
        }
        func up(_ value: Double, from origin: Double) -> Double {
            ((value - origin) / cell).rounded(.up) * cell + origin
        }
        let (low, high) = (max(-90, down(south, from: -90)), min(90, up(north, from: -90)))
        let (left, right) = (max(-180, down(west, from: -180)), min(180, up(east, from: -180)))
        guard west > east, left > right else {
            // Not across, or its halves meet: one box (the whole width if so).
            let across = west > east
            return Request(
                boxes: [Box(west: across ? -180 : left, south: low, east: across ? 180 : right, north: high)],
                zoom: zoom)
        }
        return Request(
            boxes: [
                Box(west: left, south: low, east: 180, north: high),
                Box(west: -180, south: low, east: right, north: high),
            ],
            zoom: zoom)
    }
}
