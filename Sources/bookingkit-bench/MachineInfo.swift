import BookingStore
import Foundation

/// The machine a run measured, for the report.
struct MachineInfo {
    let processors: Int
    let cpuModel: String
    let kernel: String
    /// The scratch directory's file system ("ext4 on /dev/vda").
    let fileSystem: String
    let sqliteVersion: String
    /// The 1-minute load average when the run started.
    let loadAtStart: Double

    /// Reads what the run's scratch directory is on, and the machine around it.
    init(scratch: ScratchDirectory) {
        processors = ProcessInfo.processInfo.activeProcessorCount
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        cpuModel =
            cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        var names = utsname()
        uname(&names)
        kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if let mount = MountTable().mount(containing: scratch.parent) {
            fileSystem = "\(mount.type) on \(mount.device) (\(scratch.parent))"
        } else {
            fileSystem = "unknown (\(scratch.parent))"
        }
        sqliteVersion = BaselineDatabase.sqliteVersion
        loadAtStart = Self.loadAverage()
    }

    /// The 1-minute load average now (0 when unknown).
    static func loadAverage() -> Double {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : 0
    }
}
