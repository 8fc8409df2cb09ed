import BookingCLI
import Foundation
import TestSupport
import Testing

/// `contrib/systemd/`: the user service and timer that run the launch-time
/// reconciliation job every few minutes and at login.
@Suite struct SystemdUnitTests {
    static let folder = (BuiltProducts.packageRoot as NSString).appendingPathComponent("contrib/systemd")

    /// `[Section] -> key -> values` (a key may repeat).
    static func unit(_ name: String) throws -> [String: [String: [String]]] {
        let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        var sections: [String: [String: [String]]] = [:]
        var current = ""
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                current = String(line.dropFirst().dropLast())
                continue
            }
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            try #require(parts.count == 2 && !current.isEmpty, "not a key=value line in a section: \(line)")
            sections[current, default: [:]][parts[0], default: []].append(parts[1])
        }
        return sections
    }

    @Test func theServiceRunsReconcileAndTreatsNotKnownYetAsSuccess() throws {
        let service = try Self.unit("booking-reconcile.service")
        let body = try #require(service["Service"])
        #expect(body["Type"] == ["oneshot"])
        #expect(body["ExecStart"]?.first?.hasSuffix("/booking reconcile") == true)
        // Exit 3 is "not known yet": the next run settles it.
        #expect(body["SuccessExitStatus"] == ["\(ExitCode.unknown.rawValue)"])
        #expect(body["UMask"] == ["0077"])
        for key in [
            "NoNewPrivileges", "PrivateUsers", "PrivateTmp", "ProtectSystem", "ProtectHome",
            "RestrictAddressFamilies", "SystemCallFilter", "MemoryDenyWriteExecute",
        ] {
            #expect(body[key] != nil, "hardening option \(key) is missing")
        }
        #expect(body["ReadWritePaths"] == ["-%h/.local/share/booking"])
    }

    @Test func theTimerStartsTheServiceAtLoginAndEveryFewMinutes() throws {
        let timer = try Self.unit("booking-reconcile.timer")
        let body = try #require(timer["Timer"])
        #expect(body["OnStartupSec"] != nil)
        #expect(body["OnUnitActiveSec"] == ["5min"])
        #expect(body["Unit"] == nil)  // the service of the same name
        #expect(timer["Install"]?["WantedBy"] == ["timers.target"])
    }

    @Test(ExternalTool.needed("systemd-analyze"))
    func systemdAcceptsTheUnitsAndRatesTheirExposureLow() async throws {
        let booking = try #require(Booking.path, "the booking executable is not built")
        let script = (BuiltProducts.packageRoot as NSString).appendingPathComponent("scripts/check-systemd-units.sh")
        let run = try await Booking.execute("/bin/bash", [script, booking], environment: [:])
        #expect(run.status == 0, "\(run.output) \(run.error)")
        #expect(run.output.contains("systemd units verified"))
    }
}
