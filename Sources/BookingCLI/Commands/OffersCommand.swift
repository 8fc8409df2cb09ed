import BookingAPI
import BookingCommandLine
import BookingCore
import BookingKit
import Foundation

/// `booking offers --place ID --check-in D --check-out D --guests N [--page N] [--refresh]`:
/// one page of offers, from the cache unless `--refresh` (or not cached),
/// saying when prices may have changed or the copy is offline. With
/// `--bbox W,S,E,N [--zoom N]` instead of `--place`: the pins of a map
/// viewport as the server grouped them (`OffersCommand+Map.swift`).
struct OffersCommand: BookingCommand {
    static let place: TypedOption<String?> = .optional(
        "--place", .identifier, value: "PLACE_ID", help: "the place, from `booking search` (or --bbox)")
    static let dates = StayDateOptions()
    static let guests: TypedOption<Int> = .required(
        "--guests", .integer(in: Validate.guests), value: "N",
        help: "number of guests, \(Validate.guests.lowerBound)-\(Validate.guests.upperBound)")
    static let page: TypedOption<Int> = .defaulted(
        "--page", .integer(in: 1...1000), default: 1, value: "N", help: "page number from 1")
    static let minPrice: TypedOption<Int?> = .optional(
        "--min-price", .integer(in: prices), value: "MINOR_UNITS",
        help: "lowest total price, in minor units of the place's currency (20000 is EUR 200.00)")
    static let maxPrice: TypedOption<Int?> = .optional(
        "--max-price", .integer(in: prices), value: "MINOR_UNITS", help: "highest total price, in minor units")
    static let stars: TypedOption<Int?> = .optional(
        "--stars", .integer(in: 1...5), value: "N", help: "properties with at least N stars, 1-5")
    static let freeCancellation: TypedOption<Bool> = .flag(
        "--free-cancellation", help: "only rooms that can be cancelled free of charge")
    /// The prices a filter may name, in minor units (the server's limit).
    static let prices = 0...999_999_999_999
    static let refresh: TypedOption<Bool> = .flag(
        "--refresh", help: "ask the server again instead of showing cached prices")

    static let spec = CommandSpec(
        name: "offers", summary: "offers for a place and dates, one page at a time, or a map's pins",
        discussion: "Filters are part of the saved list's key and are sent to the server, so a saved page holds "
            + "exactly what its filters say. With --bbox instead of --place: the pins of a map viewport, grouped by "
            + "the server at --zoom (clusters when zoomed out, a pin per property from zoom 16), each with its "
            + "lowest total for the stay.",
        options: [
            place.spec, bbox.spec, zoom.spec, dates.checkIn.spec, dates.checkOut.spec, guests.spec, minPrice.spec,
            maxPrice.spec, stars.spec, freeCancellation.spec, page.spec, refresh.spec,
        ])

    /// The search (with `--bbox`, its place is empty and `map` is set).
    let query: SearchQuery
    /// The map viewport of `--bbox` and `--zoom`, if given.
    let map: MapViewport?
    /// The page asked for, from 1.
    let page: Int
    /// Whether to ask the server even when the page is cached.
    let refresh: Bool

    init(_ input: CommandInput) throws(UsageError) {
        let place = try input(Self.place)
        map = try Self.viewport(place: place, input)
        query = SearchQuery(
            placeID: place ?? "", checkIn: try input(Self.dates.checkIn),
            checkOut: try input(Self.dates.checkOut),
            guests: try input(Self.guests),
            filters: Self.filters(
                try input(Self.minPrice), try input(Self.maxPrice),
                try input(Self.stars), try input(Self.freeCancellation)))
        page = try input(Self.page)
        refresh = try input(Self.refresh)
    }

    /// The filters by the server's names; an absent one is left out.
    static func filters(_ minPrice: Int?, _ maxPrice: Int?, _ stars: Int?, _ freeCancellation: Bool)
        -> [String: String]
    {
        OfferFilters(
            minimumPrice: minPrice, maximumPrice: maxPrice, minimumStars: stars, freeCancellationOnly: freeCancellation
        ).serverFilters
    }

    func validate() throws(UsageError) {
        if let low = query.filters["minPrice"].flatMap({ Int($0) }), let high = query.filters["maxPrice"],
            let highValue = Int(high), highValue < low
        {
            throw .invalidValue(
                option: Self.maxPrice.spec.name, value: high, reason: "must not be below \(Self.minPrice.spec.name)")
        }
        try Self.dates.check(checkIn: query.checkIn, checkOut: query.checkOut)
        if let map { try Self.check(map, query: query, page: page, refresh: refresh) }
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        // `services` owns the embedded sandbox, if any: it lives to the end.
        let services = try await invocation.servicesAfterLaunch()
        let client = services.client
        if let map {
            defer { withExtendedLifetime(services) {} }
            return try await Self.showPins(map, query: query, client: client, invocation: invocation)
        }
        let result: OffersPage
        do {
            result = try await client.offers(query, page: page, refresh: refresh)
        } catch {
            switch error {
            case .search(.noSuchPage), .search(.invalidQuery): throw CommandFailure.rejected("\(error)")
            case .search(.offlineWithoutCache):
                Self.showSaved(try? await client.searchCache.savedSearches(), invocation: invocation)
                throw CommandFailure.failed("\(error)")
            case .search(.unreadableCache): throw CommandFailure.failed("\(error)")
            default: throw CommandFailure.client(error, doing: "list offers")
            }
        }
        if invocation.json {
            invocation.emit(Self.json(result, query: query, page: page))
        } else {
            Self.render(result, query: query, page: page, invocation: invocation)
        }
        // The next page is fetched in the background: let it land in the
        // cache before the process ends.
        await client.searchCache.waitForPrefetch()
        withExtendedLifetime(services) {}
        return .done
    }

    /// Offline with nothing saved for this search: what the device has, at once.
    static func showSaved(_ saved: [(query: SearchQuery, quotedAt: Date)]?, invocation: Invocation) {
        guard let saved, !saved.isEmpty else { return }
        invocation.say("Offline. Offers saved on this device:")
        for (query, quotedAt) in saved {
            invocation.say(
                "  booking offers " + arguments(query).joined(separator: " ") + "  (quoted "
                    + AgeText.describe(since: quotedAt) + ")")
        }
    }

    /// The options that ask for `query` again.
    static func arguments(_ query: SearchQuery) -> [String] {
        var words = [
            place.spec.name, query.placeID.terminalSafe, dates.checkIn.spec.name, query.checkIn.description,
            dates.checkOut.spec.name, query.checkOut.description, guests.spec.name, String(query.guests),
        ]
        let named = [
            ("minPrice", minPrice.spec.name), ("maxPrice", maxPrice.spec.name), ("minStars", stars.spec.name),
        ]
        for (filter, option) in named {
            if let value = query.filters[filter] { words += [option, value.terminalSafe] }
        }
        if query.filters["freeCancellation"] == "true" { words.append(freeCancellation.spec.name) }
        return words
    }

    static func render(_ result: OffersPage, query: SearchQuery, page: Int, invocation: Invocation) {
        let console = invocation.console
        console.line(
            console.styled(
                "Offers in \(query.placeID.terminalSafe), \(query.checkIn) to \(query.checkOut), \(query.guests) guest(s)"
                    + filterText(query) + ", page \(page):",
                .bold))
        if result.items.isEmpty { console.line("  (no offers)") }
        let width = result.items.map(\.id.rawValue.terminalSafe.count).max() ?? 0
        for offer in result.items {
            let id = offer.id.rawValue.terminalSafe.padding(toLength: width, withPad: " ", startingAt: 0)
            console.line(
                "  \(id)  \(offer.propertyName.terminalSafe)" + (offer.stars.map { " \($0)*" } ?? "")
                    + ", \((offer.roomName ?? "").terminalSafe)  "
                    + console.money.text(offer.price.total).terminalSafe
                    + markText(result.marks[offer.id], id: offer.id, console))
            console.line(
                String(repeating: " ", count: width + 4)
                    + CancellationTerms.line(result.cancellation[offer.id], money: console.money))
        }
        if result.marks.values.contains(where: { if case .soldOut = $0 { true } else { false } }) {
            console.line(
                console.styled("Sold-out rooms stay marked until the server lists them again: --refresh asks.", .yellow)
            )
        }
        if result.offline {
            console.line(
                console.styled(
                    "Offline: these are the offers saved on this device, quoted "
                        + AgeText.describe(since: result.quotedAt) + ".", .yellow))
        } else if result.pricesMayHaveChanged {
            console.line(
                console.styled(
                    "Prices may have changed (quoted \(AgeText.describe(since: result.quotedAt))); "
                        + "--refresh asks again.", .yellow))
        } else if result.fromCache {
            console.line(
                console.styled(
                    "Saved on this device, quoted \(AgeText.describe(since: result.quotedAt)); "
                        + "--refresh asks the server again.", .dim))
        }
        if result.hasMore { console.line("More: the same command with --page \(page + 1)") }
        if let first = result.items.first { console.line("Next: booking hold \(first.id.rawValue.terminalSafe)") }
    }

    /// `  SOLD OUT` or `  now EUR 240.00 (...)` after an offer's price, from what a hold learnt.
    static func markText(_ mark: OfferMark?, id: OfferID, _ console: Console) -> String {
        switch mark {
        case .soldOut?:
            return "  " + console.styled("SOLD OUT", .red)
        case .priceChanged(let requoted, _)?:
            return "  " + console.styled("now \(console.money.text(requoted.price.total).terminalSafe)", .yellow)
                + " (booking hold \(id.rawValue.terminalSafe) --accept-new-price)"
        case nil:
            return ""
        }
    }

    /// `, at least 4 stars, free cancellation`, or nothing without filters.
    static func filterText(_ query: SearchQuery) -> String {
        var parts: [String] = []
        if let low = query.filters["minPrice"] { parts.append("total from \(low.terminalSafe)") }
        if let high = query.filters["maxPrice"] { parts.append("total up to \(high.terminalSafe)") }
        if let stars = query.filters["minStars"] { parts.append("at least \(stars.terminalSafe) stars") }
        if query.filters["freeCancellation"] == "true" { parts.append("free cancellation") }
        return parts.map { ", " + $0 }.joined()
    }

    static func json(_ result: OffersPage, query: SearchQuery, page: Int) -> JSONValue {
        [
            "query": [
                "placeId": .string(query.placeID), "checkIn": .string(query.checkIn.description),
                "checkOut": .string(query.checkOut.description), "guests": .number(query.guests),
                "filters": .object(query.filters.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }),
            ],
            "page": .number(page),
            "hasMore": .bool(result.hasMore),
            "quotedAt": .string(AgeText.iso(result.quotedAt)),
            "pricesMayHaveChanged": .bool(result.pricesMayHaveChanged),
            "fromCache": .bool(result.fromCache),
            "offline": .bool(result.offline),
            "offers": .array(
                result.items.map { offer in
                    var mark: JSONValue = .null
                    switch result.marks[offer.id] {
                    case .soldOut(let since)?:
                        mark = ["kind": "soldOut", "since": .string(AgeText.iso(since))]
                    case .priceChanged(let requoted, let since)?:
                        mark = [
                            "kind": "priceChanged", "since": .string(AgeText.iso(since)),
                            "newPrice": FlowRenderer.priceJSON(requoted.price),
                            "newQuoteId": .string(requoted.quote.id.rawValue),
                        ]
                    case nil: break
                    }
                    return offerJSON(offer, mark: mark, cancellation: result.cancellation[offer.id])
                }),
        ]
    }

    static func offerJSON(_ offer: Offer, mark: JSONValue = .null, cancellation: CancellationPolicy?) -> JSONValue {
        [
            "cancellation": CancellationTerms.json(cancellation),
            "mark": mark,
            "offerId": .string(offer.id.rawValue),
            "quoteId": .string(offer.quote.id.rawValue),
            "propertyName": .string(offer.propertyName),
            "city": .text(offer.city),
            "roomName": .text(offer.roomName),
            "stars": offer.stars.map { .number($0) } ?? .null,
            "address": .text(offer.address),
            "photoUrl": .text(offer.photoURL),
            "checkIn": .string(offer.checkIn.description),
            "checkOut": .string(offer.checkOut.description),
            "guests": .number(offer.guests),
            "price": FlowRenderer.priceJSON(offer.price),
        ]
    }
}
