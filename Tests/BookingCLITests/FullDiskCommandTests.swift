import Foundation
import TestSupport
import Testing

/// A data directory on a real, full file system (a 1 MiB tmpfs, as root on
/// Linux): the command says the storage is full and that nothing was sent,
/// never "could not reach the server" or a bare "disk I/O error".
@Suite(.enabled(if: SmallDisk.canMount, "needs root and tmpfs mounts (Linux)"))
struct FullDiskCommandTests {
    @Test func aHoldOnAFullDiskSaysTheStorageIsFullAndNothingWasSent() async throws {
        let sandbox = try await SandboxProcess()
        var booking = Booking(server: sandbox.url, label: "cli-full-disk")
        let disk = try SmallDisk(at: booking.directory.file("disk"))
        defer { disk.unmount() }
        booking.global = ["--data-dir", disk.path + "/data", "--server", sandbox.url]
        let cli = InProcess(sharing: booking)
        let offers = try await cli.offers()
        let offerID = try #require(offers.first?["offerId"] as? String)
        disk.fill()

        let hold = try await cli.run(["hold", offerID, "--no-wait"])
        #expect(hold.status == 1)
        // Where the disk fills up first decides the stream: a step before
        // the flow (stderr), or the attempt's own save (the flow's message,
        // stdout). The traveller reads both on the terminal.
        let said = hold.error + hold.output
        #expect(
            said.contains("The device's storage is full: nothing was sent. Free some space and try again."), "\(said)")
        #expect(!said.contains("reach the server"))
        await sandbox.stop()
    }
}

/// A tmpfs of 1 MiB mounted for one test.
struct SmallDisk {
    let path: String

    /// Whether this process may mount one (root on Linux, mounts allowed).
    static let canMount: Bool = {
        #if os(Linux)
        guard FileProtection.isRoot else { return false }
        let probe = TemporaryDirectory("mount-probe")
        guard let disk = try? SmallDisk(at: probe.file("disk")) else { return false }
        disk.unmount()
        return true
        #else
        return false
        #endif
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(at path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", path])
        guard result.status == 0 else { throw Failure(description: "mount: \(result.standardError)") }
    }

    /// Fills what is left with one file, until the file system says no space.
    func fill() {
        _ = ChildProcess.run("/bin/dd", ["if=/dev/zero", "of=\(path)/filler", "bs=4096"])
    }

    func unmount() {
        _ = ChildProcess.run("/bin/umount", ["-l", path])
    }
}
