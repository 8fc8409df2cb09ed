import Foundation
import TestSupport
import Testing

/// The offline viewer only reads: it lists the trips from a `booking.sqlite`
/// it may not write, in a data directory it may not write either, and says
/// that it cannot save a refresh, and why: never "offline".
@Suite struct ReadOnlyViewerTests {
    private func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).intValue
    }

    @Test(ExternalTool.needed(FileProtection.isRoot ? ["chattr"] : []))
    func theTripsShowFromAnImmutableBookingFileInAReadOnlyDataDirectory() async throws {
        let booking = Booking(label: "cli-readonly")
        let cli = InProcess(sharing: booking)
        try await cli.holdAnOffer()
        let pay = try await cli.run(["pay", "--json"])
        try #require(pay.status == 0, "pay failed: \(pay.error)")
        let bookingID = try #require((try pay.json()["state"] as? [String: Any])?["bookingId"] as? String)

        // As a directory written before data spaces existed: no owner file.
        // Read-only, it cannot be claimed, and its trips show all the same.
        try FileManager.default.removeItem(atPath: booking.dataDirectory + "/owner")
        let file = booking.dataDirectory + "/booking.sqlite"
        if let problem = FileProtection.makeReadOnly(file) {
            Issue.record("\(problem)")
            return
        }
        defer { FileProtection.makeWritable(file) }
        if let problem = FileProtection.makeReadOnly(booking.dataDirectory) {
            Issue.record("\(problem)")
            return
        }
        defer { FileProtection.makeWritable(booking.dataDirectory) }

        let trips = try await booking.run(["trips"])
        #expect(trips.status == 0, "\(trips.error)")
        #expect(trips.output.contains(bookingID))
        #expect(trips.error.contains("cannot save a refresh"), "\(trips.error)")
        #expect(
            trips.output.contains(
                "Not refreshed: cannot save: the data directory \(booking.dataDirectory) is read-only."),
            "\(trips.output)")
        #expect(!trips.output.contains("Offline"), "\(trips.output)")
        let json = try await booking.run(["trips", "--json"])
        #expect(json.status == 0, "\(json.error)")
        #expect((try json.json()["trips"] as? [[String: Any]])?.first?["bookingId"] as? String == bookingID)
        #expect(try json.json()["offline"] as? Bool == false)
        let refreshed = try await booking.run(["trips", "--json", "--refresh"])
        #expect(
            try refreshed.json()["notRefreshed"] as? String
                == "cannot save: the data directory \(booking.dataDirectory) is read-only",
            "\(refreshed.output)")
        let one = try await booking.run(["trip", bookingID])
        #expect(one.status == 0, "\(one.error)")
        #expect(one.output.contains(bookingID))
    }

    @Test func aLooseExistingDataDirectoryIsTightenedTo0700() async throws {
        let booking = Booking(label: "cli-loose-dir")
        try FileManager.default.createDirectory(
            atPath: booking.dataDirectory, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        #expect(try mode(booking.dataDirectory) == 0o755)
        let trips = try await booking.run(["trips"])
        #expect(trips.status == 0, "\(trips.error)")
        #expect(try mode(booking.dataDirectory) == 0o700)
    }

    @Test func aDataDirectoryThatIsASymbolicLinkIsRefusedWithAClearError() async throws {
        let booking = Booking(label: "cli-linked-dir")
        let target = booking.directory.file("real")
        try FileManager.default.createDirectory(
            atPath: target, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try FileManager.default.createSymbolicLink(atPath: booking.dataDirectory, withDestinationPath: target)
        let trips = try await booking.run(["trips"])
        // Rejected input: exit 2 (issue 23, item 8; it was 1).
        #expect(trips.status == 2)
        #expect(trips.error.contains("is a symbolic link"), "\(trips.error)")
        #expect(try mode(target) == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: target).isEmpty)
    }
}
