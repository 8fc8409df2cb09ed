import BookingPrimitives

/// The sandbox's places, properties and rooms, generated from a seed: the
/// same seed always gives the same inventory, on every platform.
struct Inventory: Sendable {
    /// A city: a place suggestion, with its currency and local price levels.
    struct City: Sendable {
        var place: PlaceBody
        /// Short code used in property ids (`lis`).
        var code: String
        /// Range of a standard room's nightly rate, in minor units.
        var nightlyRange: ClosedRange<Int64>
        /// Taxes in basis points of the room subtotal (1000 = 10%).
        var taxBasisPoints: Int64
        /// A fee per stay, in minor units.
        var feePerStay: Int64
        var streets: [String]
        /// The city's IANA time zone: its hotels' deadlines are in its time.
        var timeZone: String
    }

    /// One room type of a property, with its rate and how many rooms exist.
    struct Room: Sendable {
        var body: RoomBody
        var nightly: Int64
        var units: Int
    }

    /// A property and its rooms.
    struct Property: Sendable {
        var body: PropertyBody
        var city: City
        var rooms: [Room]

        func room(_ type: String) -> Room? { rooms.first { $0.body.type == type } }
    }

    /// Rates are whole multiples of this many minor units.
    static let priceStep: Int64 = 100

    let seed: UInt64
    let cities: [City]
    /// Every property, ordered by id.
    let properties: [Property]
    private let propertiesByID: [String: Int]

    init(seed: UInt64) {
        self.seed = seed
        var generator = SplitMix64(seed: seed ^ 0x1BAD_5EED)
        let cities = Self.cityTemplates
        var properties: [Property] = []
        for city in cities {
            let count = 8 + Int(generator.next() % 7)
            for index in 1...count {
                properties.append(Self.makeProperty(city: city, index: index, generator: &generator))
            }
        }
        properties.sort { $0.body.id < $1.body.id }
        self.cities = cities
        self.properties = properties
        self.propertiesByID = Dictionary(uniqueKeysWithValues: properties.enumerated().map { ($1.body.id, $0) })
    }

    func property(id: String) -> Property? {
        propertiesByID[id].map { properties[$0] }
    }

    func city(placeId: String) -> City? {
        cities.first { $0.place.placeId == placeId }
    }

    /// The time zone of the city `placeId` names (UTC for none): every
    /// inventory has the same cities, so a saved hold needs no inventory.
    static func timeZone(placeId: String) -> String {
        cityTemplates.first { $0.place.placeId == placeId }?.timeZone ?? "UTC"
    }

    /// Cities whose name or country has a word starting with `query`
    /// (case-insensitive), by name.
    func suggest(_ query: String) -> [PlaceBody] {
        let needle = query.lowercased()
        return cities.filter { city in
            let words = (city.place.name + " " + city.place.country).lowercased()
                .split(whereSeparator: { $0 == " " || $0 == "-" })
            return words.contains { $0.hasPrefix(needle) } || city.place.name.lowercased().hasPrefix(needle)
        }
        .map(\.place)
        .sorted { $0.name < $1.name }
    }

    /// The front desk's number of the `index`th property of `city`, in the country's form.
    private static func phone(city: City, index: Int) -> String {
        let desk = String(1000 + index * 37 % 9000)
        switch city.place.countryCode {
        case "PT": return "+351 21 000 \(desk)"
        case "GB": return "+44 20 7946 \(desk)"
        case "JP": return "+81 3 5555 \(desk)"
        default: return "+1 212 555 \(desk)"
        }
    }

    private static func makeProperty(city: City, index: Int, generator: inout SplitMix64) -> Property {
        let id = "htl_\(city.code)\(index < 10 ? "0" : "")\(index)"
        let first = firstWords[Int(generator.next() % UInt64(firstWords.count))]
        let second = secondWords[Int(generator.next() % UInt64(secondWords.count))]
        let street = city.streets[Int(generator.next() % UInt64(city.streets.count))]
        let number = 1 + Int(generator.next() % 180)
        // Within about 5 km of the centre, rounded to 5 decimals.
        let lat = ((city.place.lat + (generator.nextUnitInterval() - 0.5) * 0.09) * 100_000).rounded() / 100_000
        let lon = ((city.place.lon + (generator.nextUnitInterval() - 0.5) * 0.12) * 100_000).rounded() / 100_000
        let stars = 2 + Int(generator.next() % 4)
        let span = UInt64(city.nightlyRange.upperBound - city.nightlyRange.lowerBound)
        let step = Inventory.priceStep
        let base = (city.nightlyRange.lowerBound + Int64(generator.next() % (span + 1))) / step * step
        var rooms = [
            Room(
                body: RoomBody(type: "std", name: "Standard double", maxGuests: 2), nightly: base,
                units: 2 + Int(generator.next() % 5))
        ]
        if generator.next() % 3 != 0 {
            rooms.append(
                Room(
                    body: RoomBody(type: "dlx", name: "Deluxe room", maxGuests: 3),
                    nightly: base * 14 / 10 / step * step, units: 1 + Int(generator.next() % 4)))
        }
        if generator.next() % 2 == 0 {
            rooms.append(
                Room(
                    body: RoomBody(type: "fam", name: "Family suite", maxGuests: 5),
                    nightly: base * 19 / 10 / step * step, units: 1 + Int(generator.next() % 3)))
        }
        // Drawn from the index, not the generator: every other value stays as it was.
        let body = PropertyBody(
            id: id, name: "\(first) \(second)", city: city.place.name, placeId: city.place.placeId,
            countryCode: city.place.countryCode, address: "\(street) \(number), \(city.place.name)",
            lat: lat, lon: lon, stars: stars, phone: Self.phone(city: city, index: index),
            checkInTime: stars >= 4 ? "14:00" : "15:00", checkOutTime: stars >= 4 ? "12:00" : "11:00",
            photoUrl: "https://images.example.com/properties/\(id).jpg")
        return Property(body: body, city: city, rooms: rooms)
    }

    private static let firstWords = [
        "Hotel", "Casa", "Grand", "The", "Little", "Harbour", "Garden", "Old Town", "Riverside", "Central",
    ]
    private static let secondWords = [
        "Azul", "Lantern", "Meridian", "Orchard", "Cedar", "Atlas", "Beacon", "Willow", "Harbor Light",
        "Palace", "Loft", "Inn", "Residence", "Suites",
    ]

    private static let cityTemplates: [City] = [
        City(
            place: PlaceBody(
                placeId: "plc_lisbon", name: "Lisbon", country: "Portugal", countryCode: "PT", currency: "EUR",
                lat: 38.7223, lon: -9.1393),
            code: "lis", nightlyRange: 6_000...24_000, taxBasisPoints: 600, feePerStay: 400,
            streets: ["Rua Augusta", "Rua do Alecrim", "Avenida da Liberdade", "Rua da Prata"],
            timeZone: "Europe/Lisbon"),
        City(
            place: PlaceBody(
                placeId: "plc_porto", name: "Porto", country: "Portugal", countryCode: "PT", currency: "EUR",
                lat: 41.1579, lon: -8.6291),
            code: "opo", nightlyRange: 5_000...18_000, taxBasisPoints: 600, feePerStay: 200,
            streets: ["Rua de Santa Catarina", "Rua das Flores", "Avenida dos Aliados"],
            timeZone: "Europe/Lisbon"),
        City(
            place: PlaceBody(
                placeId: "plc_tokyo", name: "Tokyo", country: "Japan", countryCode: "JP", currency: "JPY", lat: 35.6762,
                lon: 139.6503),
            code: "tyo", nightlyRange: 9_000...48_000, taxBasisPoints: 1000, feePerStay: 400,
            streets: ["Chuo-dori", "Omotesando", "Meiji-dori", "Yasukuni-dori"],
            timeZone: "Asia/Tokyo"),
        City(
            place: PlaceBody(
                placeId: "plc_london", name: "London", country: "United Kingdom", countryCode: "GB", currency: "GBP",
                lat: 51.5072, lon: -0.1276),
            code: "lon", nightlyRange: 9_000...38_000, taxBasisPoints: 2000, feePerStay: 500,
            streets: ["Baker Street", "Strand", "Long Acre", "Kensington Road"],
            timeZone: "Europe/London"),
        City(
            place: PlaceBody(
                placeId: "plc_new_york", name: "New York", country: "United States", countryCode: "US", currency: "USD",
                lat: 40.7128, lon: -74.0060),
            code: "nyc", nightlyRange: 14_000...52_000, taxBasisPoints: 1475, feePerStay: 2_500,
            streets: ["Broadway", "Fifth Avenue", "Lexington Avenue", "Bleecker Street"],
            timeZone: "America/New_York"),
    ]
}
