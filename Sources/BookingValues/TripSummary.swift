/// What a trip shows in a list, read from the typed columns of `trip`
/// (schema step 3): never from JSON.
package struct TripSummary: Equatable, Sendable {
    /// The property's name.
    package var propertyName: String
    /// Its city.
    package var city: String
    /// Its street address, when the server gave one.
    package var address: String?
    /// Its stars (1-5), when the server gave them.
    package var stars: Int?
    /// The room's name.
    package var roomName: String
    /// How many guests.
    package var guests: Int
    /// The price, line by line, in one currency.
    package var price: PriceBreakdown

    /// Creates a summary.
    package init(
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
