import CSQLite
import Foundation

/// Owner-only permissions for database files: the directory `0700`, the
/// file and its `-wal`/`-shm` sidecars `0600`.
enum FileSecurity {
    static let directoryMode: Int16 = 0o700
    static let fileMode: Int16 = 0o600

    /// Creates a missing parent directory `0700` and the file `0600` before
    /// SQLite opens it (SQLite gives the sidecars the file's mode); tightens a
    /// file found looser.
    static func prepare(databasePath path: String) throws(SQLiteError) {
        let manager = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty && !manager.fileExists(atPath: directory) {
            do {
                try manager.createDirectory(
                    atPath: directory, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: directoryMode])
            } catch {
                throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create directory \(directory): \(error.localizedDescription)")
            }
        }
        if !manager.fileExists(atPath: path) {
            // Fails in a read-only directory; SQLite then reports the open error.
            _ = manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: fileMode])
        }
        try tighten(path)
    }

    /// Tightens the `-wal` and `-shm` files if they exist.
    static func tightenSidecars(databasePath path: String) throws(SQLiteError) {
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try tighten(path + suffix)
        }
    }

    private static func tighten(_ path: String) throws(SQLiteError) {
        let manager = FileManager.default
        guard let attributes = try? manager.attributesOfItem(atPath: path),
            let mode = (attributes[.posixPermissions] as? NSNumber)?.int16Value
        else { return }
        if mode & 0o077 != 0 {
            do {
                try manager.setAttributes([.posixPermissions: mode & 0o700], ofItemAtPath: path)
            } catch {
                throw SQLiteError(code: SQLITE_PERM, message: "cannot make \(path) owner-only: \(error.localizedDescription)")
            }
        }
    }
}
