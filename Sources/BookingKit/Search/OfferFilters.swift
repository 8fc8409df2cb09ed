/// What narrows a list of offers; sent to the server and part of the
/// cached list's key, so a saved page holds exactly what its filters say.
public struct OfferFilters: Hashable, Sendable {
    /// The lowest total price, in minor units of the place's currency.
    public var minimumPrice: Int?
    /// The highest total price, in minor units.
    public var maximumPrice: Int?
    /// Properties with at least this many stars, 1-5.
    public var minimumStars: Int?
    /// Only rooms that can be cancelled free of charge.
    public var freeCancellationOnly: Bool

    /// Filters; none by default.
    public init(
        minimumPrice: Int? = nil, maximumPrice: Int? = nil, minimumStars: Int? = nil,
        freeCancellationOnly: Bool = false
    ) {
        self.minimumPrice = minimumPrice
        self.maximumPrice = maximumPrice
        self.minimumStars = minimumStars
        self.freeCancellationOnly = freeCancellationOnly
    }

    /// The filters by the contract's query names; an absent one is left out.
    package var serverFilters: [String: String] {
        var filters: [String: String] = [:]
        filters["minPrice"] = minimumPrice.map(String.init)
        filters["maxPrice"] = maximumPrice.map(String.init)
        filters["minStars"] = minimumStars.map(String.init)
        if freeCancellationOnly { filters["freeCancellation"] = "true" }
        return filters
    }
}
