import Foundation
import TestSupport
import Testing

/// The lean viewer's server probe with a host name, not an address: the
/// `booking` executable is linked static on Linux, where glibc resolves
/// names through its NSS configuration at run time. `localhost` reaches
/// the real sandbox and the full CLI refreshes; a name with no address
/// still lists the device's trips, says offline, and names the cause; the
/// server and the data directory come from the environment too (the viewer
/// reads only the variables it uses).
@Suite struct LeanViewerServerNameTests {
    @Test func aServerNamedLocalhostIsReachedAndTheCopyRefreshed() async throws {
        let sandbox = try await SandboxProcess()
        let named = sandbox.url.replacingOccurrences(of: "://127.0.0.1:", with: "://localhost:")
        try #require(named.hasPrefix("http://localhost:"), "\(sandbox.url)")
        let booking = Booking(server: named, label: "viewer-name")
        // The first run creates booking.sqlite (the full CLI's); the second
        // is the lean viewer's, which probes the server by its name.
        let created = try await booking.run(["trips"])
        try #require(created.status == 0, "\(created.error)")
        let listing = try await booking.run(["trips"])
        #expect(listing.status == 0, "\(listing.error)")
        #expect(listing.output.hasPrefix("No trips on this device yet."), "\(listing.output)")
        #expect(!listing.output.contains("Offline:"), "the probe of \(named) found no server: \(listing.output)")
        #expect(!listing.error.contains("cannot find the address"), "\(listing.error)")
    }

    @Test(ExternalTool.needed("sqlite3"))
    func aNameWithNoAddressIsSaidAndTheTripsStillListed() async throws {
        let lone = try await LoneViewer("viewer-no-address", server: "https://no-such-host.invalid")
        try lone.insert(
            """
            INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
            VALUES ('bk_1', 'CONFIRMED', '{}', '2027-01-01', '2027-01-03', 'BK-1', 1, 1796000000000);
            """)
        // `.invalid` never resolves (RFC 6761), with or without a network.
        let arguments = Array(lone.arguments.prefix(2)) + ["--server", "https://no-such-host.invalid"]
        let viewer = try await Booking.execute(lone.viewer, ["trips"] + arguments, environment: lone.environment)
        #expect(viewer.status == 0, "\(viewer.error)")
        #expect(!viewer.error.contains("cannot run"), "handed over: \(viewer.error)")
        let lines = viewer.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("bk_1  CONFIRMED  2027-01-01 to 2027-01-03") == true, "\(viewer.output)")
        // A name with no address is not the network being down.
        #expect(
            lines.last?.hasPrefix("Not refreshed: no address for no-such-host.invalid. This device's copy") == true,
            "\(viewer.output)")
        #expect(
            viewer.errorLines.contains { $0.hasPrefix("booking: cannot find the address of no-such-host.invalid (") },
            "\(viewer.error)")
    }

    @Test(ExternalTool.needed("sqlite3"))
    func theServerAndTheDataDirectoryAreReadFromTheEnvironment() async throws {
        let lone = try await LoneViewer("viewer-environment")
        let data = lone.root.file("xdg") + "/booking"
        let created = try await Booking.execute(
            lone.cli, ["trips", "--data-dir", data, "--server", "https://no-such-host.invalid"],
            environment: lone.environment)
        try #require(created.status == 0, "\(created.error)")
        let inserted = ChildProcess.run(
            lone.shell, [data + "/booking.sqlite"],
            input: """
                INSERT INTO trip (booking_id, status, property_json, check_in, check_out, voucher_code, version, synced_at)
                VALUES ('bk_9', 'CONFIRMED', '{}', '2027-01-01', '2027-01-03', 'BK-9', 1, 1796000000000);
                """)
        try #require(inserted.status == 0, "\(inserted.standardError)")
        // No option given: the lean viewer reads both from its environment.
        var environment = lone.environment
        environment["XDG_DATA_HOME"] = lone.root.file("xdg")
        environment["BOOKING_SERVER"] = "https://no-such-host.invalid"
        let viewer = try await Booking.execute(lone.viewer, ["trips"], environment: environment)
        #expect(viewer.status == 0, "\(viewer.error)")
        #expect(!viewer.error.contains("cannot run"), "handed over: \(viewer.error)")
        #expect(viewer.output.hasPrefix("bk_9  CONFIRMED"), "\(viewer.output)")
        #expect(viewer.error.contains("cannot find the address of no-such-host.invalid"), "\(viewer.error)")
    }
}
