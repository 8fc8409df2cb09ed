import BookingCore

/// What a trip shows in a list, read from the typed columns of `trip`
/// (schema step 3): never from JSON.
public struct TripSummary: Equatable, Sendable {
    /// The property's name.
    public var propertyName: String
    /// Its city.
    public var city: String
    /// Its street address, when the server gave one.
    public var address: String?
    /// Its stars (1-5), when the server gave them.
    public var stars: Int?
    /// The room's name.
    public var roomName: String
    /// How many guests.
    public var guests: Int
    /// The price, line by line, in one currency.
    public var price: PriceBreakdown

    /// Creates a summary.
    public init(
        propertyName: String, city: String, address: String?, stars: Int?, roomName: String, guests: Int,
        price: PriceBreakdown
    ) {
        self.propertyName = propertyName
        self.city = city
        self.address = address
        self.stars = stars
        self.roomName = roomName
        self.guests = guests
        self.price = price
    }
}
