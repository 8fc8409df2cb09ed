/// Properties on a map grouped by zoom (`GET /v1/offers/pins`), as a map
/// shows them: at a low zoom one group per cell of a grid, at a high zoom
/// one pin per property.
///
/// The grid is fixed, so the same property falls in the same cell whatever
/// the viewport: a cell is `cellDegrees(zoom:)` wide and high (a quarter of
/// a 256-point map tile at that zoom, 360 / 2^(zoom + 2) degrees), counted
/// from longitude -180 and latitude -90. No cell straddles the
/// antimeridian, so the two halves of a viewport split there never share a
/// group. A group of one is that property's pin; from `pinZoom` on, every
/// property is its own pin. An answer holds at most `maxGroups` groups:
/// past that the grid coarsens a zoom at a time, and the answer says the
/// zoom it grouped at (at zoom 0 there are at most 8 cells).
enum PinGrouping {
    /// The zooms a request may ask for.
    static let zooms = 0...20
    /// From this zoom on, every property is its own pin.
    static let pinZoom = 16
    /// The most groups one answer holds.
    static let maxGroups = 500

    /// A property in the viewport, with the lowest total of its rooms for
    /// the stay (one property has one currency).
    struct Member: Sendable {
        var property: PropertyBody
        var lowestPrice: MoneyBody
    }

    /// One group on the map: a pin (`property` set, `count` 1) or a
    /// cluster (`property` null).
    struct Group: Encodable, Equatable, Sendable {
        /// The mean of the members' latitudes (the property's own for a pin).
        var lat: Double
        /// The mean of the members' longitudes.
        var lon: Double
        /// How many properties.
        var count: Int
        /// The lowest total among them; null when they price in more than
        /// one currency (no rate is made up to compare them).
        var lowestPrice: MoneyBody?
        /// The property, for a pin; null for a cluster.
        var property: PropertyBody?

        private enum CodingKeys: String, CodingKey { case lat, lon, count, lowestPrice, property }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lat, forKey: .lat)
            try container.encode(lon, forKey: .lon)
            try container.encode(count, forKey: .count)
            // Both are always present, null when absent, as the contract says.
            try container.encode(lowestPrice, forKey: .lowestPrice)
            try container.encode(property, forKey: .property)
        }
    }

    /// The answer: the zoom grouped at, the cell's side, the groups.
    struct Answer: Encodable, Equatable, Sendable {
        var zoom: Int
        var cellDegrees: Double
        var items: [Group]
    }

    /// The side of a grid cell at `zoom`, in degrees: 360 / 2^(zoom + 2).
    static func cellDegrees(zoom: Int) -> Double {
        360 / Double(1 << (zoom + 2))
    }

    /// `members` grouped at `zoom`, coarsened until at most `limit` groups;
    /// groups ordered south to north, then west to east.
    static func group(_ members: [Member], zoom: Int, limit: Int = maxGroups) -> Answer {
        var zoom = zoom
        while true {
            let groups = groups(members, zoom: zoom)
            if groups.count <= limit || zoom == 0 {
                return Answer(zoom: zoom, cellDegrees: cellDegrees(zoom: zoom), items: groups)
            }
            zoom -= 1
        }
    }

    private static func groups(_ members: [Member], zoom: Int) -> [Group] {
        let sorted = members.sorted { $0.property.id < $1.property.id }
        guard zoom < pinZoom else { return sorted.map { group(of: [$0]) } }
        let cell = cellDegrees(zoom: zoom)
        let columns = Int(360 / cell)
        let rows = Int(180 / cell)
        var cells: [Int: [Member]] = [:]
        for member in sorted {
            // The east and north edges (180, 90) belong to the last cell.
            let column = min(columns - 1, Int(((member.property.lon + 180) / cell).rounded(.down)))
            let row = min(rows - 1, Int(((member.property.lat + 90) / cell).rounded(.down)))
            cells[row * columns + column, default: []].append(member)
        }
        return cells.sorted { $0.key < $1.key }.map { group(of: $0.value) }
    }

    private static func group(of members: [Member]) -> Group {
        let count = Double(members.count)
        let currencies = Set(members.map(\.lowestPrice.currency))
        let lowest =
            currencies.count == 1 ? members.map(\.lowestPrice).min { $0.amount < $1.amount } : nil
        return Group(
            lat: rounded(members.map(\.property.lat).reduce(0, +) / count),
            lon: rounded(members.map(\.property.lon).reduce(0, +) / count),
            count: members.count, lowestPrice: lowest, property: members.count == 1 ? members[0].property : nil)
    }

    /// A mean to the inventory's precision (5 decimals, about a metre).
    private static func rounded(_ degrees: Double) -> Double {
        (degrees * 100_000).rounded() / 100_000
    }
}
