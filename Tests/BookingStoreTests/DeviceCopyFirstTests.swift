import BookingStore
import Foundation
import TestSupport
import Testing

/// `booking trips` shows the device's copy before any network call, then
/// refreshes; `--json` shows it with no network call at all unless
/// `--refresh` asks for the server. The server here accepts connections
/// and never answers (a real listening socket), and says when someone
/// connects, so the order is observed, not timed.
@Suite(ExternalTool.needed("python3")) struct DeviceCopyFirstTests {
    let directory = TemporaryDirectory("device-copy-first")

    /// A listener on loopback that prints its port, then `accepted PEERPORT`
    /// for every connection, and never answers.
    private static let silentServer = """
        import socket
        s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(64)
        print(s.getsockname()[1], flush=True)
        held = []
        while True:
            c, peer = s.accept(); held.append(c); print("accepted", peer[1], flush=True)
        """

    /// Saves the fixture's trips, starts the silent server and runs `body`
    /// with it and its port; the server is killed after.
    private func withSavedTripsAndSilentServer(_ body: (ChildProcess, Int) throws -> Void) throws {
        try BookingDatabase(directory: directory.path).database.execute(TripMigrationFixture.tripsSQL)
        let python = try #require(ExternalTool.path("python3"), "needs python3 for the silent server")
        let server = try ChildProcess(python, ["-c", Self.silentServer])
        defer {
            server.kill()
            _ = server.finish()
        }
        #expect(server.waitForOutput(containing: "\n"))
        let port = try #require(Int(server.outputSoFar.split(separator: "\n").first ?? ""))
        try body(server, port)
    }

    private func booking(_ arguments: [String], port: Int) throws -> ChildProcess {
        let path = try #require(BuiltProducts.executable("booking"), "the booking executable is not built")
        return try ChildProcess(
            path, arguments + ["--data-dir", directory.path, "--server", "http://127.0.0.1:\(port)"],
            environment: ["NO_COLOR": "1"])
    }

    @Test func theListIsOnScreenBeforeTheServerIsAskedThenTheCopyIsSaidToBeTheDevices() throws {
        try withSavedTripsAndSilentServer { server, port in
            let run = try booking(["trips"], port: port)
            #expect(server.waitForOutput(containing: "accepted"))
            // Every trip was written before the first connection (the pipe has
            // it; the reader may take a moment), while the refresh still waits
            // on the server: the closing line is not there yet.
            #expect(run.waitForOutput(containing: "bk_e5"))
            let printed = run.outputSoFar
            for id in ["bk_c3", "bk_a1", "bk_f6", "bk_b2", "bk_d4", "bk_e5"] { #expect(printed.contains(id)) }
            #expect(!printed.contains("Offline"))
            let result = run.finish()
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("Offline: this device's copy, synced"))
        }
    }

    @Test func oneTripIsOnScreenBeforeTheServerIsAsked() throws {
        try withSavedTripsAndSilentServer { server, port in
            let run = try booking(["trip", "bk_a1"], port: port)
            #expect(server.waitForOutput(containing: "accepted"))
            #expect(run.waitForOutput(containing: "voucher:   BK-000001"))
            #expect(!run.outputSoFar.contains("Offline"))
            let result = run.finish()
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("Offline: this device's copy"))
        }
    }

    @Test func jsonShowsTheDeviceCopyWithNoNetworkCallUnlessRefreshIsAsked() throws {
        try withSavedTripsAndSilentServer { server, port in
            for arguments in [["trips", "--json"], ["trip", "bk_a1", "--json"]] {
                let result = try booking(arguments, port: port).finish()
                #expect(result.status == 0, "\(result.standardError)")
                // Not asked to refresh: not offline, and said so.
                #expect(result.standardOutput.contains("\"offline\": false"))
                #expect(
                    result.standardOutput.contains(
                        "\"notRefreshed\": \"not asked for (--refresh checks with the server first)\""))
            }
            // A marker connection after both runs: the first the server saw.
            let marker = ChildProcess.run(
                "/usr/bin/python3",
                [
                    "-c",
                    "import socket; s = socket.create_connection(('127.0.0.1', \(port))); print(s.getsockname()[1])",
                ])
            let markerPort = marker.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(server.waitForOutput(containing: "accepted \(markerPort)"))
            let accepted = server.outputSoFar.split(separator: "\n").filter { $0.hasPrefix("accepted") }
            #expect(accepted == ["accepted \(markerPort)"])
            // --refresh waits for the server (bounded) and asks it.
            let refreshed = try booking(["trips", "--json", "--refresh"], port: port).finish()
            #expect(refreshed.status == 0, "\(refreshed.standardError)")
            #expect(server.outputSoFar.split(separator: "\n").filter { $0.hasPrefix("accepted") }.count > 1)
        }
    }
}
