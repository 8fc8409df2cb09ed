import Foundation

/// What a test reads back about a file it planted or protected.
public enum FileFacts {
    /// The permission bits of the file at `path` (of a link itself, not
    /// what it points to).
    public static func mode(_ path: String) throws -> Int {
        guard let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return mode.intValue
    }

    /// The bytes of the file at `path`.
    public static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
