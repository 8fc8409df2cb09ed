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
    /// What the door needs offline (schema step 16); each nil when the
    /// server did not give it.
    package var door = Door()

    /// What a traveller needs at the hotel's door, offline.
    package struct Door: Equatable, Sendable {
        /// The front desk's phone.
        package var phone: String?
        /// From when the room is ready, `HH:MM` in the hotel's time.
        package var checkInTime: String?
        /// Until when the room is kept, `HH:MM` in the hotel's time.
        package var checkOutTime: String?
        /// The lead guest's name the booking was made under.
        package var guestName: String?

        /// The door's fields.
        package init(
            phone: String? = nil, checkInTime: String? = nil, checkOutTime: String? = nil, guestName: String? = nil
        ) {
            self.phone = phone
            self.checkInTime = checkInTime
            self.checkOutTime = checkOutTime
            self.guestName = guestName
        }
    }

    /// Creates a summary.
    package init(
        propertyName: String, city: String, address: String?, stars: Int?, roomName: String, guests: Int,
        price: PriceBreakdown, door: Door = Door()
    ) {
        self.propertyName = propertyName
        self.city = city
        self.address = address
        self.stars = stars
        self.roomName = roomName
        self.guests = guests
        self.price = price
        self.door = door
    }
}
