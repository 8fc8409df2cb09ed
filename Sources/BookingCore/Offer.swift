/// One bookable room at a property for given dates, as a search result.
///
/// Flat form: `{"offerId", "propertyName", "roomName"?, "city"?, "stars"?,
/// "address"?, "photoUrl"?, "checkIn", "checkOut", "guests", "quoteId",
/// "price", "quotedAt"}` (the server's
/// nested listing is converted by BookingAPI's `Offer(listing:quotedAt:)`).
/// Decoding rejects empty ids, a check-out not after the check-in and a
/// guest count below one.
public struct Offer: Hashable, Codable, Sendable {
    /// The server's id of the offer.
    public let id: OfferID
    /// The property's display name.
    public let propertyName: String
    /// The room's display name, when the source named it.
    public let roomName: String?
    /// The property's city, when the source named it.
    public let city: String?
    /// The property's stars, 1 to 5, when the source named them.
    public let stars: Int?
    /// The property's street address, when the source named it.
    public let address: String?
    /// An `https` URL of the property's photo for a results screen, when
    /// the source named one (any other URL is left out).
    public let photoURL: String?
    /// The first night, in the hotel's calendar.
    public let checkIn: CalendarDate
    /// The day of departure, after `checkIn`.
    public let checkOut: CalendarDate
    /// Number of guests, at least one.
    public let guests: Int
    /// The price currently quoted for it.
    package private(set) var quote: Quote

    /// The price currently quoted for it, line by line.
    public var price: PriceBreakdown { quote.price }

    /// An offer, or `nil` when the dates or guest count are impossible.
    package init?(
        id: OfferID, propertyName: String, checkIn: CalendarDate, checkOut: CalendarDate,
        guests: Int, quote: Quote, roomName: String? = nil, city: String? = nil, stars: Int? = nil,
        address: String? = nil, photoURL: String? = nil
    ) {
        guard checkIn < checkOut, guests >= 1, !id.rawValue.isEmpty else { return nil }
        self.id = id
        self.propertyName = propertyName
        self.roomName = roomName
        self.city = city
        self.stars = stars.flatMap { (1...5).contains($0) ? $0 : nil }
        self.address = address
        self.photoURL = photoURL.flatMap(Self.photoLink)
        self.checkIn = checkIn
        self.checkOut = checkOut
        self.guests = guests
        self.quote = quote
    }

    /// `text` when it is an `https` URL of printable ASCII, at most 2,048
    /// bytes: what a results screen may load; nil otherwise.
    static func photoLink(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let scheme = Array("https://".utf8)
        // ASCII compared byte by byte: no Unicode tables for the lean viewer to carry.
        guard bytes.count <= 2_048, bytes.count > scheme.count, bytes.allSatisfy({ (0x21...0x7E).contains($0) }),
            zip(bytes, scheme).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
        else { return nil }
        return text
    }

    /// The number of nights, from the two dates.
    public var nights: Int { checkIn.days(until: checkOut) }

    /// The same offer at another quote (a changed price the user accepted).
    package func requoted(_ quote: Quote) -> Offer {
        var offer = self
        offer.quote = quote
        return offer
    }

    private enum CodingKeys: String, CodingKey {
        case id = "offerId"
        case propertyName, roomName, city, stars, address, checkIn, checkOut, guests
        case photoURL = "photoUrl"
    }

    /// Decodes the flat wire item strictly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let quote = try Quote(from: decoder)
        guard
            let offer = Offer(
                id: try container.decode(OfferID.self, forKey: .id),
                propertyName: try container.decode(String.self, forKey: .propertyName),
                checkIn: try container.decode(CalendarDate.self, forKey: .checkIn),
                checkOut: try container.decode(CalendarDate.self, forKey: .checkOut),
                guests: try container.decode(Int.self, forKey: .guests),
                quote: quote,
                roomName: try container.decodeIfPresent(String.self, forKey: .roomName),
                city: try container.decodeIfPresent(String.self, forKey: .city),
                stars: try container.decodeIfPresent(Int.self, forKey: .stars),
                address: try container.decodeIfPresent(String.self, forKey: .address),
                photoURL: try container.decodeIfPresent(String.self, forKey: .photoURL)
            )
        else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "Offer with an empty id, check-out not after check-in, or no guests"))
        }
        self = offer
    }

    /// Encodes the flat wire item.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(propertyName, forKey: .propertyName)
        try container.encodeIfPresent(roomName, forKey: .roomName)
        try container.encodeIfPresent(city, forKey: .city)
        try container.encodeIfPresent(stars, forKey: .stars)
        try container.encodeIfPresent(address, forKey: .address)
        try container.encodeIfPresent(photoURL, forKey: .photoURL)
        try container.encode(checkIn, forKey: .checkIn)
        try container.encode(checkOut, forKey: .checkOut)
        try container.encode(guests, forKey: .guests)
        try quote.encode(to: encoder)
    }
}
