import BookingCore

/// The groups of a map viewport as the server answers them
/// (`GET /v1/offers/pins`, the contract's `PinGroupList`), decoded strictly:
/// every group on the globe, counted from 1, a pin (`property`) only as a
/// group of one. What the map shows is what the server said: nothing is
/// merged, re-priced or moved on the device.
package struct PinGroupList: Decodable, Hashable, Sendable {
    /// One group: a property's pin or a cluster of properties.
    package struct Group: Decodable, Hashable, Sendable {
        /// Its latitude (the members' mean), -90...90.
        package let lat: Double
        /// Its longitude, -180...180.
        package let lon: Double
        /// How many properties, at least 1.
        package let count: Int
        /// The lowest total among them; nil when they price in several currencies.
        package let lowestPrice: Money?
        /// The property of a pin; nil for a cluster.
        package let property: PropertySummary?

        private enum CodingKeys: String, CodingKey { case lat, lon, count, lowestPrice, property }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lat = try container.decode(Double.self, forKey: .lat)
            lon = try container.decode(Double.self, forKey: .lon)
            count = try container.decode(Int.self, forKey: .count)
            lowestPrice = try container.decodeIfPresent(Money.self, forKey: .lowestPrice)
            property = try container.decodeIfPresent(PropertySummary.self, forKey: .property)
            guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .lat, in: container, debugDescription: "\(lat),\(lon) is not on the globe")
            }
            guard count >= 1, property == nil || (count == 1 && lowestPrice != nil) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .count, in: container, debugDescription: "a pin is one priced property; count \(count)")
            }
        }
    }

    /// The zoom the server grouped at (lower than asked when the answer
    /// would have held too many groups).
    package let zoom: Int
    /// The groups.
    package let items: [Group]
}
