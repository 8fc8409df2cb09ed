import Foundation
import Testing

@testable import BookingSandbox

@Suite struct SearchTests {
    @Test(arguments: Transport.allCases)
    func suggestFindsCitiesByPrefix(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let lis = try await sandbox.send("GET", "/v1/places/suggest?q=lis")
            #expect(lis.json["items"].items.map { $0["placeId"].stringValue } == ["plc_lisbon"])
            let york = try await sandbox.send("GET", "/v1/places/suggest?q=YORK")
            #expect(york.json["items"][0]["name"].stringValue == "New York")
            let none = try await sandbox.send("GET", "/v1/places/suggest?q=zzz")
            #expect(none.json["items"].items.isEmpty)
            #expect(try await sandbox.send("GET", "/v1/places/suggest?q=%20%20").status == 400)
            #expect(try await sandbox.send("GET", "/v1/places/suggest").status == 400)
        }
    }

    @Test(arguments: Transport.allCases)
    func offersPageWithOpaqueCursorsAndServerTotals(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let base = "/v1/offers?placeId=plc_tokyo&checkIn=2026-11-03&checkOut=2026-11-06&guests=2&limit=4"
            var target = base
            var ids: [String] = []
            var pages = 0
            while true {
                let page = try await sandbox.send("GET", target)
                #expect(page.status == 200)
                pages += 1
                for item in page.json["items"].items {
                    ids.append(item["offerId"].stringValue!)
                    let price = item["price"]
                    #expect(price["total"]["currency"].stringValue == "JPY")
                    let sum =
                        price["nightly"]["amount"].intValue! * price["nights"].intValue! + price["taxes"]["amount"]
                        .intValue! + price[
                            "fees"]["amount"].intValue!
                    #expect(price["total"]["amount"].intValue == sum)
                    #expect(item["quoteId"].stringValue?.hasPrefix("qt_") == true)
                    #expect(item["quotedAt"].stringValue?.hasSuffix("Z") == true)
                }
                guard let cursor = page.json["nextCursor"].stringValue else { break }
                target = base + "&cursor=" + cursor
            }
            #expect(pages >= 3)
            #expect(Set(ids).count == ids.count)
            // A cursor from another query is refused.
            let first = try await sandbox.send("GET", base)
            let foreign =
                "/v1/offers?placeId=plc_london&checkIn=2026-11-03&checkOut=2026-11-06&guests=2&cursor=" + first.json[
                    "nextCursor"
                ].stringValue!
            #expect(try await sandbox.send("GET", foreign).errorCode == "INVALID_CURSOR")
            #expect(try await sandbox.send("GET", base + "&cursor=garbage").errorCode == "INVALID_CURSOR")
        }
    }

    @Test(arguments: Transport.allCases)
    func bboxFindsPropertiesInTheViewport(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let box = "/v1/offers?bbox=-0.3,51.4,0.1,51.6&checkIn=2026-11-03&checkOut=2026-11-04&guests=1&limit=50"
            let response = try await sandbox.send("GET", box)
            #expect(response.status == 200)
            let cities = Set(response.json["items"].items.map { $0["property"]["city"].stringValue })
            #expect(cities == ["London"])
            #expect(
                try await sandbox.send("GET", "/v1/offers?bbox=1,2,3&checkIn=2026-11-03&checkOut=2026-11-04&guests=1")
                    .errorCode == "VALIDATION_ERROR")
            #expect(
                try await sandbox.send(
                    "GET", "/v1/offers?bbox=10,2,3,4&checkIn=2026-11-03&checkOut=2026-11-04&guests=1"
                ).errorCode == "VALIDATION_ERROR")
        }
    }

    @Test(arguments: Transport.allCases)
    func badSearchesAre400(transport: Transport) async throws {
        try await withSandbox(transport) { sandbox in
            let bad = [
                "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-06&checkOut=2026-11-03&guests=2",
                "/v1/offers?placeId=plc_lisbon&checkIn=2026-02-30&checkOut=2026-03-03&guests=2",
                "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03T00:00:00Z&checkOut=2026-11-06&guests=2",
                "/v1/offers?placeId=plc_lisbon&checkIn=2020-11-03&checkOut=2020-11-06&guests=2",
                "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03&checkOut=2026-11-06&guests=0",
                "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03&checkOut=2026-11-06&guests=two",
                "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03&checkOut=2026-11-06",
                "/v1/offers?placeId=plc_lisbon&placeId=plc_tokyo&checkIn=2026-11-03&checkOut=2026-11-06&guests=2",
                "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03&checkOut=2026-11-06&guests=2&color=red",
                "/v1/offers?checkIn=2026-11-03&checkOut=2026-11-06&guests=2",
                "/v1/offers?placeId=plc_lisbon&checkIn=2026-11-03&checkOut=2026-12-31&guests=2",
            ]
            for target in bad {
                let response = try await sandbox.send("GET", target)
                #expect(response.status == 400, "\(target)")
                #expect(response.errorCode == "VALIDATION_ERROR", "\(target)")
            }
            #expect(
                try await sandbox.send(
                    "GET", "/v1/offers?placeId=plc_mars&checkIn=2026-11-03&checkOut=2026-11-06&guests=2"
                ).status == 404)
        }
    }

    @Test func inventoryIsDeterministicFromTheSeed() {
        let a = Inventory(seed: 7)
        let b = Inventory(seed: 7)
        let c = Inventory(seed: 8)
        #expect(a.properties.map(\.body) == b.properties.map(\.body))
        #expect(a.properties.map(\.body) != c.properties.map(\.body))
        #expect(Set(a.cities.map(\.place.currency)) == ["EUR", "JPY", "GBP", "USD"])
        #expect(a.cities.count >= 4)
    }

    @Test func calendarDaysParseStrictly() {
        #expect(CalendarDay("2028-02-29")?.isoString == "2028-02-29")
        #expect(CalendarDay("2026-02-29") == nil)
        #expect(CalendarDay("2026-1-03") == nil)
        #expect(CalendarDay("２０２６-11-03") == nil)
        #expect(CalendarDay.timestamp(unixMilliseconds: 1_780_272_000_123) == "2026-06-01T00:00:00.123Z")
    }
}
