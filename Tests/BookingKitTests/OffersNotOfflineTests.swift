import BookingAPI
import BookingCore
import BookingHTTPServer
import BookingKit
import BookingPrimitives
import BookingStore
import BookingTestSupport
import Foundation
import TestSupport
import Testing

/// Offline means no connection (issue 23, item 8). A server that answers
/// with a redirect, a 503 with `Retry-After: 0` after every retry, or a page
/// over its size cap has answered: the search names the server, with or
/// without a saved copy, and never says "offline" (all three did: the saved
/// page came back marked offline, or "offline, and no offers are saved").
/// Real HTTP over loopback, the real sandbox behind a front that rewrites.
@Suite(.hangLimit) struct OffersNotOfflineTests {
    /// What the front answers instead of the sandbox's page of offers.
    enum Answer: String, CaseIterable, Sendable {
        case redirect, unavailable, oversized

        var response: HTTPResponse {
            switch self {
            case .redirect:
                return HTTPResponse(status: 302, headers: ["Location": "http://127.0.0.1:1/v1/offers"])
            case .unavailable:
                return HTTPResponse(status: 503, headers: ["Retry-After": "0"])
            case .oversized:
                return HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(repeating: UInt8(ascii: " "), count: BodyLimit.offers + 1))
            }
        }
    }

    private static let query = SearchQuery(
        placeID: "plc_lisbon", checkIn: CalendarDate("2027-03-01")!, checkOut: CalendarDate("2027-03-03")!, guests: 2)

    @Test(arguments: Answer.allCases)
    func anAnswerThatIsNotAPageNamesTheServerNeverOffline(answer: Answer) async throws {
        let broken = Locked(false)
        let front = try RewritingFront { request, response in
            broken.withLock { $0 } && request.target.hasPrefix("/v1/offers") ? answer.response : response
        }
        let directory = TemporaryDirectory("offers-not-offline")
        let search = try SearchRepository(
            directory: directory.path, api: front.api, dependencies: Dependencies(sleeper: NoSleeper()))
        let saved = try await search.offers(Self.query, pageIndex: 0)
        #expect(!saved.offline && !saved.items.isEmpty)
        await search.waitForPrefetch()
        broken.withLock { $0 = true }

        // A saved copy is not shown as offline: the server answered.
        await expectServerNamed(answer) { try await search.offers(Self.query, pageIndex: 0, refresh: true) }
        // Nor is "offline, nothing saved" said for a search never made.
        var other = Self.query
        other.guests = 3
        await expectServerNamed(answer) { try await search.offers(other, pageIndex: 0) }
        await front.stop()
    }

    /// `body` throws the API's error for the server's answer, never
    /// `SearchError.offlineWithoutCache`, and returns no page marked offline.
    private func expectServerNamed(
        _ answer: Answer, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws -> OffersPage
    ) async {
        do {
            let page = try await body()
            Issue.record("\(answer): a page came back (offline: \(page.offline))", sourceLocation: sourceLocation)
        } catch let error as APIError {
            switch error {
            case .final(.notSent, _):
                Issue.record("\(answer): read as not sent: \(error)", sourceLocation: sourceLocation)
            default:
                #expect(!"\(error)".contains("offline"), "\(answer): \(error)", sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record("\(answer): \(error)", sourceLocation: sourceLocation)
        }
    }
}
