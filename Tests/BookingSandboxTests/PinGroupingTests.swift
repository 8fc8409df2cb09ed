import BookingPrimitives
import Foundation
import Testing

@testable import BookingSandbox

/// Issue 39, item 9: `GET /v1/offers/pins` groups a viewport's properties on
/// the server by zoom, each group with the lowest total of what a search
/// lists; bad boxes (inverted, across the antimeridian, off the globe) are
/// 400s that say which, and the whole world is a handful of clusters.
@Suite struct PinGroupingTests {
    static let stay = "checkIn=2026-11-03&checkOut=2026-11-05&guests=2"
    static let lisbon = "-9.3,38.6,-9.0,38.8"

    @Test(arguments: Transport.allCases)
    func groupingChangesWithZoom(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let offers = try await sandbox.send("GET", "/v1/offers?bbox=\(Self.lisbon)&\(Self.stay)&limit=50")
            // Each property's lowest total, as the offers list them.
            var lowest: [String: Int64] = [:]
            for item in offers.json["items"].items {
                let id = try #require(item["property"]["id"].stringValue)
                let total = try #require(item["price"]["total"]["amount"].intValue)
                lowest[id] = min(lowest[id] ?? .max, total)
            }
            #expect(lowest.count >= 8)
            var counts: [Int] = []
            for zoom in [0, 10, 16] {
                let answer = try await sandbox.send(
                    "GET", "/v1/offers/pins?bbox=\(Self.lisbon)&zoom=\(zoom)&\(Self.stay)")
                #expect(answer.status == 200)
                #expect(answer.json["zoom"].intValue == Int64(zoom))
                let groups = answer.json["items"].items
                counts.append(groups.count)
                #expect(groups.map { $0["count"].intValue ?? 0 }.reduce(0, +) == Int64(lowest.count))
                #expect(groups.allSatisfy { $0["lowestPrice"]["currency"].stringValue == "EUR" })
                // Every cluster's lowest price is its cheapest property's.
                #expect(
                    groups.map { $0["lowestPrice"]["amount"].intValue }.compactMap { $0 }.min() == lowest.values.min())
                for pin in groups where !pin["property"].isNull {
                    let id = try #require(pin["property"]["id"].stringValue)
                    #expect(pin["count"].intValue == 1)
                    #expect(pin["lowestPrice"]["amount"].intValue == lowest[id])
                }
            }
            // One cluster for the city, a few cells, then a pin per property.
            #expect(counts[0] == 1)
            #expect(counts[0] < counts[1] && counts[1] < counts[2])
            #expect(counts[2] == lowest.count)
        }
    }

    @Test(arguments: Transport.allCases)
    func theWholeWorldIsAFewClusters(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let answer = try await sandbox.send("GET", "/v1/offers/pins?bbox=-180,-90,180,90&zoom=0&\(Self.stay)")
            #expect(answer.status == 200)
            let groups = answer.json["items"].items
            #expect((1...8).contains(groups.count))
            let properties = Inventory(seed: SandboxConfiguration(databasePath: "unused").inventorySeed).properties
                .count
            #expect(groups.map { $0["count"].intValue ?? 0 }.reduce(0, +) == Int64(properties))
            // Europe and New York share a cell: EUR, GBP and USD are never compared.
            #expect(groups.contains { $0["count"].intValue ?? 0 > 1 && $0["lowestPrice"].isNull })
            #expect(groups.allSatisfy { $0["property"].isNull })
        }
    }

    @Test(arguments: Transport.allCases)
    func badBoxesAreNamed(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let bad: [(box: String, zoom: String, field: String, says: String)] = [
                ("0,50,1,40", "5", "bbox", "inverted"),
                ("170,-10,-170,10", "5", "bbox", "antimeridian"),
                ("0,-91,1,0", "5", "bbox", "latitudes"),
                ("-181,0,0,1", "5", "bbox", "longitudes"),
                ("nan,0,1,1", "5", "bbox", "decimal"),
                ("1e1,0,20,1", "5", "bbox", "decimal"),
                ("0,0,1", "5", "bbox", "four"),
                (Self.lisbon, "21", "zoom", "zoom"),
                (Self.lisbon, "-1", "zoom", "zoom"),
            ]
            for (box, zoom, field, says) in bad {
                let answer = try await sandbox.send("GET", "/v1/offers/pins?bbox=\(box)&zoom=\(zoom)&\(Self.stay)")
                #expect(answer.status == 400, "\(box) \(zoom)")
                #expect(answer.errorCode == "VALIDATION_ERROR", "\(box) \(zoom)")
                #expect(answer.json["error"]["field"].stringValue == field, "\(box) \(zoom)")
                #expect(answer.json["error"]["message"].stringValue?.contains(says) == true, "\(box) \(zoom)")
            }
            let noZoom = try await sandbox.send("GET", "/v1/offers/pins?bbox=\(Self.lisbon)&\(Self.stay)")
            #expect(noZoom.errorCode == "VALIDATION_ERROR")
            let filtered = try await sandbox.send(
                "GET", "/v1/offers/pins?bbox=\(Self.lisbon)&zoom=3&minStars=4&\(Self.stay)")
            #expect(filtered.errorCode == "VALIDATION_ERROR")
        }
    }

    @Test func theDocumentReadsThePinsBoxAsTheOffersBox() throws {
        let offers = try DocumentPatternTests.pattern(after: "- name: bbox")
        let pins = try DocumentPatternTests.pattern(after: "operationId: listOfferPins")
        #expect(pins.pattern == offers.pattern)
        #expect(DocumentPatternTests.document.contains("PinGroupList:"))
    }

    @Test func tooManyGroupsCoarsenTheGrid() {
        let members = Self.members(Inventory(seed: 7).properties)
        let fine = PinGrouping.group(members, zoom: 16)
        #expect(fine.items.count == members.count)
        let bounded = PinGrouping.group(members, zoom: 16, limit: 3)
        #expect(bounded.items.count <= 3)
        #expect(bounded.zoom < 16)
        #expect(bounded.items.map(\.count).reduce(0, +) == members.count)
        #expect(bounded.cellDegrees == PinGrouping.cellDegrees(zoom: bounded.zoom))
    }

    @Test func noCellStraddlesTheAntimeridian() {
        var east = Inventory(seed: 7).properties[0].body
        var west = east
        (east.lon, west.lon, east.lat, west.lat) = (179.99, -179.99, 0, 0)
        let members = [east, west].map {
            PinGrouping.Member(property: $0, lowestPrice: MoneyBody(amount: 100, currency: "EUR"))
        }
        // At zoom 0 a cell is 90 degrees wide, yet the two never share one.
        #expect(PinGrouping.group(members, zoom: 0).items.count == 2)
        // The edges belong to the last cell: 180 and 90 are on the grid.
        var corner = east
        (corner.lon, corner.lat) = (180, 90)
        let edge = PinGrouping.group(
            [PinGrouping.Member(property: corner, lowestPrice: MoneyBody(amount: 1, currency: "EUR"))], zoom: 3)
        #expect(edge.items.map(\.count) == [1])
    }

    static func members(_ properties: [Inventory.Property]) -> [PinGrouping.Member] {
        properties.map {
            PinGrouping.Member(
                property: $0.body, lowestPrice: MoneyBody(amount: $0.rooms[0].nightly, currency: $0.city.place.currency)
            )
        }
    }
}
