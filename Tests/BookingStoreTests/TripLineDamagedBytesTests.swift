import BookingCore
import BookingStore
import Foundation
import TestSupport
import Testing

/// A list line's checks against bytes changed in the file itself, past
/// every CHECK of the schema (a damaged page, a hand edit): the listing
/// never crashes, never lists a wrong stay, status or price as valid, and
/// names each refused row; the rows left alone are listed as before. The
/// schema's CHECKs guarantee nothing here, which is why the listing keeps
/// its checks on every row (BENCHMARKS.md, "The row loop, third pass").
@Suite struct TripLineDamagedBytesTests {
    let directory = TemporaryDirectory("trip-line-damaged-bytes")

    /// The fixture's trips, checkpointed into `booking.sqlite` and closed.
    private func makeFile() throws {
        let store = try BookingDatabase(directory: directory.path)
        try store.database.execute(TripMigrationFixture.tripsSQL)
        try store.database.pragma("wal_checkpoint", set: "TRUNCATE")
    }

    /// Replaces every occurrence of `old` with `new` (the same length) in
    /// the closed file; fails unless there is at least one.
    private func replace(_ old: [UInt8], with new: [UInt8]) throws {
        precondition(old.count == new.count)
        let path = directory.file(BookingDatabase.fileName)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var found = 0
        var index = 0
        while index + old.count <= bytes.count {
            if bytes[index] == old[0], Array(bytes[index..<index + old.count]) == old {
                bytes.replaceSubrange(index..<index + old.count, with: new)
                found += 1
                index += old.count
            } else {
                index += 1
            }
        }
        try #require(found > 0, "no \(old) in the file")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    private func replace(_ old: String, with new: String) throws {
        try replace(Array(old.utf8), with: Array(new.utf8))
    }

    @Test func bytesChangedOnDiskAreRefusedRowByRow() throws {
        try makeFile()
        // bk_d4's status, as the record holds it after its id.
        try replace("bk_d4CONFIRMED", with: "bk_d4CONFIRMEX")
        // bk_a1's check-out moved before its check-in (both still dates).
        try replace("2027-01-102027-01-12BK-000001", with: "2027-01-102027-01-08BK-000001")
        // bk_f6's currency (after its room name and its 3 guests) made lowercase.
        try replace(
            Array("Single".utf8) + [3] + Array("GBP".utf8), with: Array("Single".utf8) + [3] + Array("GbP".utf8))
        // bk_c3's total, a 4-byte integer after its currency and the other
        // price lines, given its sign bit.
        try replace(
            Array("BHD".utf8) + [0x07, 0x5B, 0xCD, 0x15, 0x04, 0xE2, 0x05, 0x07, 0x5B, 0xD1, 0xFC],
            with: Array("BHD".utf8) + [0x07, 0x5B, 0xCD, 0x15, 0x04, 0xE2, 0x05, 0x87, 0x5B, 0xD1, 0xFC])

        let store = try BookingDatabase(directory: directory.path)
        var skipped: [String] = []
        var listed: [String] = []
        try store.trips.forEachLineView(skipping: { skipped.append("\($0.bookingID): \($0.reason)") }) { view in
            let id = view.withText(.bookingID) { String(decoding: $0 ?? .init(start: nil, count: 0), as: UTF8.self) }
            listed.append(id + (view.total.map { " \($0.formatted)" } ?? ""))
        }
        #expect(listed == ["bk_b2 JPY 16,500", "bk_e5"])
        #expect(
            skipped == [
                "bk_c3: its details are incomplete or out of range",
                "bk_a1: dates 2027-01-10 to 2027-01-08 are not a stay",
                "bk_f6: its details are incomplete or out of range",
                "bk_d4: unknown status CONFIRMEX",
            ])
        // The lines as strings refuse the same rows.
        var lines: [String] = []
        var skippedLines: [String] = []
        try store.trips.forEachLine(skipping: { skippedLines.append("\($0.bookingID): \($0.reason)") }) {
            lines.append($0.bookingID.rawValue)
        }
        #expect(lines == ["bk_b2", "bk_e5"])
        #expect(skippedLines == skipped)
    }
}
