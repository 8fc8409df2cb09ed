import Foundation
import TestSupport
import Testing

/// A run writes nothing outside its data directory: no URL cache, no cookie
/// store, no `~/.local/share` directory of the networking library. An API
/// that moves money keeps no copy of its answers anywhere.
@Suite struct DataDirectoryOnlyTests {
    @Test func searchOffersHoldAndPayLeaveHomeAndTheXDGDirectoriesEmpty() async throws {
        let outside = TemporaryDirectory("cli-home")
        let places = ["home", "xdg-data", "xdg-cache", "xdg-config", "xdg-state"]
        for place in places {
            try FileManager.default.createDirectory(atPath: outside.file(place), withIntermediateDirectories: true)
        }
        var booking = Booking(label: "cli-own-dir")
        booking.environment.merge([
            "HOME": outside.file("home"), "XDG_DATA_HOME": outside.file("xdg-data"),
            "XDG_CACHE_HOME": outside.file("xdg-cache"), "XDG_CONFIG_HOME": outside.file("xdg-config"),
            "XDG_STATE_HOME": outside.file("xdg-state"),
        ]) { $1 }

        let search = try await booking.run(["search", "Lisbon"])
        #expect(search.status == 0, "\(search.error)")
        try await booking.holdAnOffer()
        let pay = try await booking.run(["pay"])
        #expect(pay.status == 0, "\(pay.output) \(pay.error)")

        for place in places {
            let left = try Self.everything(under: outside.file(place))
            #expect(left.isEmpty, "\(place) is not empty: \(left)")
        }
        #expect(FileManager.default.fileExists(atPath: booking.dataDirectory))
    }

    /// Every path under `directory`, relative to it.
    private static func everything(under directory: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        return walker.compactMap { $0 as? String }
    }
}
