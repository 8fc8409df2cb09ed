import Foundation

/// The files this process has open, read from `/proc/self/fd` (Linux).
public enum OpenFiles {
    /// Whether this system lists a process's open files in `/proc/self/fd`.
    public static var available: Bool {
        FileManager.default.fileExists(atPath: "/proc/self/fd")
    }

    /// The paths of the open files under `directory` (a file deleted since
    /// it was opened included), sorted, one per descriptor.
    public static func paths(under directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let prefix = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path + "/"
        return names.compactMap { name -> String? in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")
            else { return nil }
            return target.hasPrefix(prefix) || target.hasPrefix(directory + "/") ? target : nil
        }.sorted()
    }
}
