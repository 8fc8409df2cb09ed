/// The filters `GET /v1/offers` takes besides place, dates and guests:
/// a range of the stay's total price (minor units of the place's currency),
/// a least star rating, and free cancellation. Each is part of the list's
/// cursor fingerprint, so a cursor of one filtered list never pages another.
struct OfferFilter: Equatable, Sendable {
    /// The query parameters it reads.
    static let parameters: Set<String> = ["minPrice", "maxPrice", "minStars", "freeCancellation"]
    /// The largest price a filter may name, in minor units.
    static let priceLimit: Int64 = 999_999_999_999
    /// The star ratings a filter may ask for.
    static let stars = 1...5

    /// The lowest total price kept, in minor units.
    var minPrice: Int64?
    /// The highest total price kept, in minor units.
    var maxPrice: Int64?
    /// The fewest stars kept.
    var minStars: Int?
    /// Only rooms that can be cancelled free of charge now (before their
    /// terms' deadline).
    var freeCancellation = false

    /// Reads and checks the filters: a bad value or an empty range is a 400.
    init(_ query: QueryParameters) throws(APIError) {
        minPrice = try Self.price(query, "minPrice")
        maxPrice = try Self.price(query, "maxPrice")
        if let minPrice, let maxPrice, minPrice > maxPrice {
            throw APIError.validation(field: "maxPrice", "maxPrice must not be below minPrice.")
        }
        if query["minStars"] != nil { minStars = try query.integer("minStars", in: Self.stars) }
        switch query["freeCancellation"] {
        case nil, "false"?: freeCancellation = false
        case "true"?: freeCancellation = true
        default:
            throw APIError.validation(field: "freeCancellation", "freeCancellation must be true or false.")
        }
    }

    /// The filters as the cursor's fingerprint names them.
    var fingerprint: String {
        "min=\(minPrice.map(String.init) ?? "")|max=\(maxPrice.map(String.init) ?? "")"
            + "|stars=\(minStars.map(String.init) ?? "")|free=\(freeCancellation)"
    }

    /// Whether the property passes the stars filter.
    func admits(_ property: Inventory.Property) -> Bool {
        minStars.map { property.body.stars >= $0 } ?? true
    }

    /// Whether a stay at `price` with `terms` passes the price range and
    /// the free-cancellation filter: cancelling it at `now` keeps nothing.
    func admits(_ price: PriceBody, _ terms: CancellationPolicyBody, now: Int64) -> Bool {
        if let minPrice, price.total.amount < minPrice { return false }
        if let maxPrice, price.total.amount > maxPrice { return false }
        return !freeCancellation || terms.isFree(at: now)
    }

    private static func price(_ query: QueryParameters, _ name: String) throws(APIError) -> Int64? {
        guard let text = query[name] else { return nil }
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ (48...57).contains($0) }),
            let value = Int64(text), value <= priceLimit
        else {
            throw APIError.validation(
                field: name, "Query parameter '\(name)' must be a whole number of minor units from 0 to \(priceLimit).")
        }
        return value
    }
}
