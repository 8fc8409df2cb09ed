import Foundation

/// What `/proc/self/mounts` says about a path: the file system it is on.
struct MountTable {
    /// One mount: where, what type, from which device.
    struct Mount {
        let device: String
        let point: String
        let type: String
    }

    let mounts: [Mount]

    /// Reads the table; empty where there is no `/proc` (macOS).
    init() {
        let text = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
        mounts = text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { return nil }
            return Mount(
                device: Self.unescape(fields[0]), point: Self.unescape(fields[1]), type: String(fields[2]))
        }
    }

    /// The mount holding `path` (the longest mount point above it, symlinks
    /// resolved), if known.
    func mount(containing path: String) -> Mount? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return
            mounts
            .filter { resolved == $0.point || resolved.hasPrefix($0.point == "/" ? "/" : $0.point + "/") }
            .max { $0.point.count < $1.point.count }
    }

    /// Whether `path` is on a file system held in memory, where a sync costs
    /// nothing and durable-write figures would be meaningless.
    func isInMemory(_ path: String) -> Bool {
        guard let type = mount(containing: path)?.type else { return false }
        return type == "tmpfs" || type == "ramfs"
    }

    /// Mount fields escape space, tab, newline and backslash as octal.
    private static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        var utf8 = Array(field.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "\\"), utf8.count >= 3,
                let code = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8)
            {
                bytes.append(code)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
