import Foundation
import TestSupport
import Testing

/// Issue 39, item 9: `booking offers --bbox W,S,E,N [--zoom N]` prints a map
/// viewport's pins as the server grouped them, instead of a place's page;
/// exactly one of `--place` and `--bbox`, and a viewport upside down or off
/// the globe is a usage error that says which (exit 2).
@Suite struct OffersMapTests {
    static func map(_ box: String, _ extra: [String] = []) -> [String] {
        ["offers", "--bbox", box, "--check-in", Booking.date(20), "--check-out", Booking.date(22), "--guests", "2"]
            + extra
    }

    @Test func aViewportsPinsFollowTheZoom() async throws {
        let booking = Booking()
        let lisbon = "-9.3,38.6,-9.0,38.8"
        let close = try await booking.run(Self.map(lisbon, ["--zoom", "16", "--json"]))
        try #require(close.status == 0, "\(close.error)")
        let pins = try #require(try close.json()["pins"] as? [[String: Any]])
        #expect(pins.count >= 8)
        #expect(pins.allSatisfy { $0["kind"] as? String == "property" && $0["city"] as? String == "Lisbon" })
        let far = try await InProcess(sharing: booking).run(Self.map(lisbon, ["--zoom", "3", "--json"]))
        let clusters = try #require(try far.json()["pins"] as? [[String: Any]])
        #expect(clusters.count == 1)
        #expect(clusters.first?["kind"] as? String == "cluster")
        #expect((clusters.first?["count"] as? Int ?? 0) >= pins.count)
        let text = try await InProcess(sharing: booking).run(Self.map(lisbon, ["--zoom", "3"]))
        #expect(text.status == 0)
        #expect(text.output.contains("0 pin(s), 1 cluster(s)"), "\(text.output)")
        #expect(text.output.contains("A higher --zoom splits the clusters."))
    }

    @Test func acrossTheAntimeridianAndTheWholeWorld() async throws {
        let booking = InProcess()
        let pacific = try await booking.run(Self.map("130,-60,-60,70", ["--zoom", "2", "--json"]))
        try #require(pacific.status == 0, "\(pacific.error)")
        let prices = try #require(try pacific.json()["pins"] as? [[String: Any]])
            .compactMap { ($0["lowestPrice"] as? [String: Any])?["currency"] as? String }
        #expect(Set(prices) == ["JPY", "USD"])
        let world = try await booking.run(Self.map("-180,-90,180,90", ["--zoom", "0"]))
        #expect(world.status == 0)
        #expect(world.output.contains("prices in several currencies"), "\(world.output)")
    }

    @Test func badViewportsAndMixedOptionsAreUsageErrors() async throws {
        let booking = InProcess()
        let cases: [([String], String)] = [
            (Self.map("0,50,1,40"), "upside down"),
            (Self.map("0,-91,1,0"), "latitudes are from -90 to 90"),
            (Self.map("0,0,200,1"), "longitudes are from -180 to 180"),
            (Self.map("0,0,1"), "four numbers"),
            (Self.map("0,0,1,1", ["--zoom", "21"]), "--zoom"),
            (Self.map("0,0,1,1", ["--place", "plc_lisbon"]), "not both"),
            (Self.map("0,0,1,1", ["--stars", "4"]), "no filters"),
            (Self.map("0,0,1,1", ["--refresh"]), "no pages"),
            (
                ["offers", "--check-in", Booking.date(20), "--check-out", Booking.date(22), "--guests", "2"],
                "needs --place or --bbox"
            ),
            (
                [
                    "offers", "--place", "plc_lisbon", "--zoom", "3", "--check-in", Booking.date(20), "--check-out",
                    Booking.date(22), "--guests", "2",
                ], "goes with --bbox"
            ),
        ]
        for (arguments, says) in cases {
            let run = try await booking.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.error)")
            #expect(run.error.contains(says), "\(arguments): \(run.error)")
        }
    }
}
