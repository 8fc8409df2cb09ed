import BookingAPI
import BookingCore
import BookingKit
import BookingStore
import Foundation

/// `booking offers --place ID --check-in D --check-out D --guests N [--page N] [--refresh]`:
/// one page of offers, from the cache unless `--refresh` (or not cached),
/// saying when prices may have changed or the copy is offline.
enum OffersCommand {
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let query = try self.query(invocation.command)
        let page =
            try invocation.command.value("--page").map { (text) throws(UsageError) in
                try Validate.integer(text, option: "--page", in: 1...1000)
            } ?? 1
        let services = try invocation.services()
        await services.reconcileAtLaunch()
        let result: OffersPage
        do {
            result = try await services.search().offers(
                query, pageIndex: page - 1,
                refresh: invocation.command.has("--refresh"))
        } catch let error as SearchError {
            switch error {
            case .noSuchPage, .invalidQuery: throw CommandFailure.rejected("\(error)")
            case .offlineWithoutCache, .unreadableCache: throw CommandFailure.failed("\(error)")
            }
        } catch {
            throw CommandFailure.api(error, doing: "list offers")
        }
        if invocation.json {
            invocation.emit(json(result, query: query, page: page))
            return .done
        }
        render(result, query: query, page: page, invocation: invocation)
        return .done
    }

    /// The query from the options (each required, each checked).
    static func query(_ command: ParsedCommand) throws(UsageError) -> SearchQuery {
        func required(_ option: String) throws(UsageError) -> String {
            guard let value = command.value(option) else {
                throw .invalidValue(option: option, value: "", reason: "required; run `booking offers --help`")
            }
            return value
        }
        let place = try Validate.identifier(try required("--place"), name: "--place")
        let checkIn = try Validate.date(try required("--check-in"), option: "--check-in")
        let checkOut = try Validate.date(try required("--check-out"), option: "--check-out")
        guard checkIn < checkOut else {
            throw .invalidValue(option: "--check-out", value: checkOut.description, reason: "must be after --check-in")
        }
        let guests = try Validate.integer(try required("--guests"), option: "--guests", in: Validate.guests)
        return SearchQuery(placeID: place, checkIn: checkIn, checkOut: checkOut, guests: guests)
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
