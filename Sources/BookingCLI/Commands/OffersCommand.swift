import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import Foundation

/// `booking offers --place ID --check-in D --check-out D --guests N [--page N] [--refresh]`:
/// one page of offers, from the cache unless `--refresh` (or not cached),
/// saying when prices may have changed or the copy is offline.
struct OffersCommand: BookingCommand {
    static let place: TypedOption<String> = .required(
        "--place", .identifier, value: "PLACE_ID", help: "the place, from `booking search`")
    static let checkIn: TypedOption<CalendarDate> = .required(
        "--check-in", .date, value: "DATE", help: "check-in date, YYYY-MM-DD")
    static let checkOut: TypedOption<CalendarDate> = .required(
        "--check-out", .date, value: "DATE", help: "check-out date, YYYY-MM-DD")
    static let guests: TypedOption<Int> = .required(
        "--guests", .integer(in: Validate.guests), value: "N",
        help: "number of guests, \(Validate.guests.lowerBound)-\(Validate.guests.upperBound)")
    static let page: TypedOption<Int> = .defaulted(
        "--page", .integer(in: 1...1000), default: 1, value: "N", help: "page number from 1")
    static let refresh: TypedOption<Bool> = .flag(
        "--refresh", help: "ask the server again instead of showing cached prices")

    static let spec = CommandSpec(
        "offers", summary: "offers for a place and dates, one page at a time",
        options: [place.spec, checkIn.spec, checkOut.spec, guests.spec, page.spec, refresh.spec])

    /// The search.
    let query: SearchQuery
    /// The page asked for, from 1.
    let page: Int
    /// Whether to ask the server even when the page is cached.
    let refresh: Bool

    init(_ input: CommandInput) throws(UsageError) {
        query = SearchQuery(
            placeID: try input(Self.place), checkIn: try input(Self.checkIn), checkOut: try input(Self.checkOut),
            guests: try input(Self.guests))
        page = try input(Self.page)
        refresh = try input(Self.refresh)
    }

    func validate() throws(UsageError) {
        guard query.checkIn < query.checkOut else {
            throw .invalidValue(
                option: Self.checkOut.spec.name, value: query.checkOut.description,
                reason: "must be after \(Self.checkIn.spec.name)")
        }
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services()
        await services.reconcileAtLaunch()
        let result: OffersPage
        do {
            result = try await services.search().offers(
                query, pageIndex: page - 1,
                refresh: refresh)
        } catch let error as SearchError {
            switch error {
            case .noSuchPage, .invalidQuery: throw CommandFailure.rejected("\(error)")
            case .offlineWithoutCache, .unreadableCache: throw CommandFailure.failed("\(error)")
            }
        } catch {
            throw CommandFailure.api(error, doing: "list offers")
        }
        if invocation.json {
            invocation.emit(Self.json(result, query: query, page: page))
            return .done
        }
        Self.render(result, query: query, page: page, invocation: invocation)
        return .done
    }

    static func render(_ result: OffersPage, query: SearchQuery, page: Int, invocation: Invocation) {
        let console = invocation.console
        console.line(
            console.styled(
                "Offers in \(query.placeID), \(query.checkIn) to \(query.checkOut), \(query.guests) guest(s), page \(page):",
                .bold))
        if result.items.isEmpty { console.line("  (no offers)") }
        let width = result.items.map(\.id.rawValue.terminalSafe.count).max() ?? 0
        for offer in result.items {
            let id = offer.id.rawValue.terminalSafe.padding(toLength: width, withPad: " ", startingAt: 0)
            console.line(
                "  \(id)  \(offer.propertyName.terminalSafe), \((offer.roomName ?? "").terminalSafe)  "
                    + offer.quote.price.total.formatted.terminalSafe)
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

    static func json(_ result: OffersPage, query: SearchQuery, page: Int) -> JSONValue {
        [
            "query": [
                "placeId": .string(query.placeID), "checkIn": .string(query.checkIn.description),
                "checkOut": .string(query.checkOut.description), "guests": .number(query.guests),
            ],
            "page": .number(page),
            "hasMore": .bool(result.hasMore),
            "quotedAt": .string(AgeText.iso(result.quotedAt)),
            "pricesMayHaveChanged": .bool(result.pricesMayHaveChanged),
            "fromCache": .bool(result.fromCache),
            "offline": .bool(result.offline),
            "offers": .array(result.items.map(offerJSON)),
        ]
    }

    static func offerJSON(_ offer: Offer) -> JSONValue {
        [
            "offerId": .string(offer.id.rawValue),
            "quoteId": .string(offer.quote.id.rawValue),
            "propertyName": .string(offer.propertyName),
            "city": .text(offer.city),
            "roomName": .text(offer.roomName),
            "checkIn": .string(offer.checkIn.description),
            "checkOut": .string(offer.checkOut.description),
            "guests": .number(offer.guests),
            "price": FlowRenderer.priceJSON(offer.quote.price),
        ]
    }
}
