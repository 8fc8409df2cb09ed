import Foundation
import Testing

@testable import BookingSandbox

/// The patterns Schema/api/openapi.yaml gives for inputs agree with what the
/// sandbox accepts: what it hands out matches them, and at their edges the
/// document and the parsers say the same.
@Suite struct DocumentPatternTests {
    /// The document's text.
    static let document: String = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Schema/api/openapi.yaml"), encoding: .utf8)) ?? ""
    }()

    /// The first `pattern: '...'` on the line containing `anchor` or after it.
    static func pattern(after anchor: String) throws -> NSRegularExpression {
        let start = try #require(document.range(of: anchor))
        let marker = try #require(document.range(of: "pattern: '", range: start.lowerBound..<document.endIndex))
        let end = try #require(document.range(of: "'", range: marker.upperBound..<document.endIndex))
        return try NSRegularExpression(pattern: String(document[marker.upperBound..<end.lowerBound]))
    }

    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test(arguments: Transport.allCases)
    func listedIdsAndCursorsMatchTheDocument(transport: Transport) async throws {
        let offerId = try Self.pattern(after: "offerId:\n                  type: string")
        let quoteId = try Self.pattern(after: "quoteId: {type: string, pattern:")
        let cursor = try Self.pattern(after: "- name: cursor")
        try await withSandbox(transport) { sandbox in
            let page = try await sandbox.send(
                "GET", "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03&checkOut=2026-11-06&guests=2&limit=2")
            #expect(page.status == 200)
            #expect(!page.json["items"].items.isEmpty)
            for item in page.json["items"].items {
                #expect(Self.matches(offerId, item["offerId"].stringValue ?? ""))
                #expect(Self.matches(quoteId, item["quoteId"].stringValue ?? ""))
            }
            #expect(Self.matches(cursor, page.json["nextCursor"].stringValue ?? ""))
        }
    }

    @Test func datePatternIsTheParsersShape() throws {
        let date = try Self.pattern(after: "- name: checkIn")
        for text in ["2000-01-01", "2026-11-03", "2199-12-31", "1999-12-31", "2200-01-01", "2026-13-01", "2026-1-03"] {
            // The pattern leaves impossible days (2026-02-30) to `format: date`.
            #expect(Self.matches(date, text) == (CalendarDay(text) != nil), "\(text)")
        }
    }

    @Test func bboxPatternKeepsTheDegreeRanges() throws {
        let bbox = try Self.pattern(after: "- name: bbox")
        for text in ["-9.3,38.6,-9.0,38.8", "-180,-90,180,90", "-180.0,-90.000,180.0,90.0", "0,0,0,0"] {
            #expect(Self.matches(bbox, text), "\(text)")
            #expect((try? BoundingBox(text)) != nil, "\(text)")
        }
        for text in ["-181,0,0,0", "0,-91,0,0", "180.5,0,180.5,0", "0,90.1,0,90.1", "1,2,3", "1e1,0,0,0"] {
            #expect(!Self.matches(bbox, text), "\(text)")
            #expect((try? BoundingBox(text)) == nil, "\(text)")
        }
    }
}
