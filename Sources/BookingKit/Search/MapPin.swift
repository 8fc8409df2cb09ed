import BookingAPI
import BookingCore

/// One mark on the map, as the server grouped the viewport at its zoom: a
/// property, or a cluster of properties that share a cell of the grid.
///
/// Everything in it is the server's: where it is, how many, the lowest
/// total for the stay. A cluster's lowest price is nil when its properties
/// price in more than one currency (no exchange rate is made up).
///
/// ```swift
/// switch pin {
/// case .property(let property, let latitude, let longitude, let lowestPrice):
///     PriceTag(property.name, lowestPrice.formatted).position(latitude, longitude)
/// case .cluster(let count, let latitude, let longitude, _):
///     ClusterBubble(count).position(latitude, longitude)   // zoom in on a tap
/// }
/// ```
public enum MapPin: Hashable, Sendable {
    /// One property, at its own place, with its lowest total for the stay.
    case property(PropertySummary, latitude: Double, longitude: Double, lowestPrice: Money)
    /// `count` properties, at the mean of their places.
    case cluster(count: Int, latitude: Double, longitude: Double, lowestPrice: Money?)

    /// The mark for a group of the server's answer.
    package init(_ group: PinGroupList.Group) {
        if let property = group.property, let price = group.lowestPrice {
            self = .property(property, latitude: group.lat, longitude: group.lon, lowestPrice: price)
        } else {
            self = .cluster(
                count: group.count, latitude: group.lat, longitude: group.lon, lowestPrice: group.lowestPrice)
        }
    }
}
