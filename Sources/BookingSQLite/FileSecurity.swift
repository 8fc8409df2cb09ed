import CBookingSQLite
import Foundation

/// Owner-only permissions, and no symbolic links, for database files: the
/// file and its `-wal`/`-shm` sidecars `0600`, a directory this layer
/// creates `0700`.
///
/// No check follows a symbolic link: a file found to be one (even a
/// dangling one), a FIFO, a directory or a device where a database file or
/// sidecar belongs is refused with a clear error (`lstat`), and modes are
/// tightened with `fchmodat(AT_SYMLINK_NOFOLLOW)`, so nothing a link points
/// to is ever changed. Database files are never opened here to be checked:
/// closing a descriptor drops every POSIX lock the process holds on the
/// file, and another connection of this process may hold SQLite's. A
/// directory is tightened with `fchmod` on a descriptor opened
/// `O_DIRECTORY | O_NOFOLLOW`; a new file is created `O_EXCL | O_NOFOLLOW`. Only the last component of a
/// path is checked: a link higher up (`/var` on macOS, a home directory on
/// another disk) is the user's choice and is followed.
///
/// What stays open: SQLite opens the files by name after these checks, so
/// a link swapped in between is not seen. Doing so needs write access to a
/// `0700` directory of the user's.
enum FileSecurity {
    static let directoryMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Checks the database file and its sidecars before SQLite opens them.
    ///
    /// For writing (`writable`), a missing parent directory is created
    /// `0700` (an existing one is left as it is: it may be shared), a
    /// missing file is created (`create`, never empty on disk), and a file
    /// found looser than `0600` is tightened. A file that exists but is
    /// empty (0 bytes) with nothing in its `-wal` lost its contents: it is
    /// refused, read-only too, and left as it is.
    static func prepare(databasePath path: String, writable: Bool) throws(SQLiteError) {
        if writable {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty && Platform.kind(atPath: directory) == nil {
                try makeOwnerOnlyDirectory(directory)
            }
        }
        var walSize: Int64 = 0
        for suffix in ["-wal", "-shm"] {
            let size = try inspect(path + suffix, tighten: writable)
            if suffix == "-wal" { walSize = size ?? 0 }
        }
        switch try inspect(path, tighten: writable) {
        case nil:
            if writable { try create(path) }
        case 0? where walSize == 0:
            throw emptyFile(path)
        default:
            break
        }
    }

    /// Tightens the `-wal` and `-shm` files if they exist, refusing links.
    static func tightenSidecars(databasePath path: String) throws(SQLiteError) {
        for suffix in ["-wal", "-shm"] {
            _ = try inspect(path + suffix, tighten: true)
        }
    }

    /// Creates the directory `path` (and missing parents) `0700`, or
    /// tightens an existing one to `0700` through a descriptor opened with
    /// `O_DIRECTORY | O_NOFOLLOW`. A symbolic link there is refused, never
    /// followed: its target keeps its mode.
    static func makeOwnerOnlyDirectory(_ path: String) throws(SQLiteError) {
        if Platform.kind(atPath: path) == nil {
            do {
                try FileManager.default.createDirectory(
                    atPath: path, withIntermediateDirectories: true,
                    attributes: [.posixPermissions: Int(directoryMode)])
            } catch {
                throw SQLiteError(
                    unusableFile: .cannotOpen, "cannot create the directory \(path): \(whyNotCreated(path))")
            }
        }
        let descriptor: Int32
        switch Platform.openNoFollow(path, flags: Platform.directoryFlags) {
        case .success(let opened):
            descriptor = opened
        case .failure(let error):
            switch Platform.kind(atPath: path) {
            case .symbolicLink?:
                throw SQLiteError(
                    unusableFile: .cannotOpen,
                    "the directory \(path) is a symbolic link\(target(of: path)); refusing to use it: give the directory it points to instead"
                )
            case let kind? where kind != .directory:
                throw SQLiteError(
                    unusableFile: .cannotOpen,
                    "\(path) is \(kind.name), not a directory: give a directory (a missing one is created)")
            default:
                throw SQLiteError(code: .cannotOpen, message: "cannot open directory \(path): \(error.text)")
            }
        }
        defer { Platform.close(descriptor) }
        try tighten(descriptor, path: path)
    }

    /// Checks that `path`, if there, is a regular file and not a link
    /// (`lstat`), tightening its mode when asked (`fchmodat` without
    /// following a link). Returns its size, or nil when nothing is there.
    ///
    /// No descriptor of the file is opened: closing one would drop the
    /// POSIX locks another connection of this process holds on it.
    private static func inspect(_ path: String, tighten shouldTighten: Bool) throws(SQLiteError) -> Int64? {
        let status: Platform.Status
        switch Platform.status(atPath: path) {
        case .success(let read): status = read
        case .failure(.noEntry): return nil
        case .failure(let error):
            throw SQLiteError(code: .cannotOpen, message: "cannot read the status of \(path): \(error.text)")
        }
        switch status.kind {
        case .regular: break
        case .symbolicLink: throw symbolicLink(path)
        default:
            throw SQLiteError(
                unusableFile: .cannotOpen,
                "\(name(path)) is not a regular file (it is \(status.kind.name)); refusing to open it: move it away: \(path)"
            )
        }
        if shouldTighten && status.permissions & 0o077 != 0,
            let error = Platform.setPermissions(atPath: path, status.permissions & 0o700)
        {
            throw SQLiteError(code: .permission, message: "cannot make \(path) owner-only: \(error.text)")
        }
        return status.size
    }

    /// Clears the group and other bits of an open directory (`fchmod`: the
    /// descriptor, never the path).
    private static func tighten(_ descriptor: Int32, path: String) throws(SQLiteError) {
        let status: Platform.Status
        switch Platform.status(descriptor) {
        case .success(let read): status = read
        case .failure(let error):
            throw SQLiteError(code: .cannotOpen, message: "cannot read the status of \(path): \(error.text)")
        }
        guard status.permissions & 0o077 != 0 else { return }
        if let error = Platform.setPermissions(descriptor, status.permissions & 0o700) {
            throw SQLiteError(code: .permission, message: "cannot make \(path) owner-only: \(error.text)")
        }
    }

    /// Creates a new database file: under a temporary name first, given
    /// SQLite's header there (`journal_mode=WAL` writes page 1), then linked
    /// into place. So `path` is never seen empty, by this process or another
    /// opening it at the same moment, and an empty file always means one
    /// that lost its contents. When another process links first, its file
    /// is the one used. (SQLite syncs the directory when it first syncs the
    /// new `-wal`, which makes the link durable with the first commit.)
    private static func create(_ path: String) throws(SQLiteError) {
        let temporary = "\(path).new-\(Platform.processID)-\(String(UInt32.random(in: .min ... .max), radix: 16))"
        switch Platform.openNoFollow(temporary, flags: Platform.createFlags, mode: fileMode) {
        case .success(let descriptor): Platform.close(descriptor)
        case .failure(let error):
            throw SQLiteError(code: .cannotOpen, message: "cannot create \(path): \(error.text)")
        }
        defer {
            for file in [temporary, temporary + "-wal", temporary + "-shm"] { Platform.unlink(file) }
        }
        _ = Database.keptWALVFS  // SQLite set up for the process before its first open
        var handle: OpaquePointer?
        var code = sqlite3_open_v2(temporary, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        if code == SQLITE_OK { code = sqlite3_exec(handle, "PRAGMA journal_mode = WAL", nil, nil, nil) }
        let error = code == SQLITE_OK ? nil : SQLiteError(handle: handle, code: code)
        sqlite3_close_v2(handle)
        if let error {
            throw SQLiteError(
                code: error.code, extendedCode: error.extendedCode,
                message: "cannot create \(path): \(error.message)")
        }
        switch Platform.link(temporary, as: path) {
        case nil, .exists?:
            return
        case let error? where Platform.kind(atPath: path) == nil:
            // A file system without hard links (FAT, some network shares):
            // a rename, which could replace a file another process created
            // in the last instant.
            if let renameError = Platform.rename(temporary, to: path) {
                throw SQLiteError(
                    code: .cannotOpen,
                    message: "cannot create \(path): \(error.text); \(renameError.text)")
            }
        case let error?:
            throw SQLiteError(code: .cannotOpen, message: "cannot create \(path): \(error.text)")
        }
    }

    private static func name(_ path: String) -> String {
        (path as NSString).lastPathComponent
    }

    private static func target(of path: String) -> String {
        // Only to make the message clearer: a link that cannot be read is still refused.
        do {
            return " (to \(try FileManager.default.destinationOfSymbolicLink(atPath: path)))"
        } catch {
            return ""
        }
    }

    private static func symbolicLink(_ path: String) -> SQLiteError {
        SQLiteError(
            unusableFile: .cannotOpen,
            "\(name(path)) is a symbolic link; refusing to open it: \(path)\(target(of: path)); "
                + "move the file it points to in its place")
    }

    /// Why `path` could not be created, in words: the nearest existing
    /// ancestor is not a directory, or cannot be written.
    private static func whyNotCreated(_ path: String) -> String {
        var ancestor = (path as NSString).deletingLastPathComponent
        while !ancestor.isEmpty && ancestor != "/" && Platform.kind(atPath: ancestor) == nil {
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        if ancestor.isEmpty { ancestor = "." }
        switch Platform.kind(atPath: ancestor) {
        case .directory?:
            return "\(ancestor) cannot be written; give a directory you may write, or make it writable"
        case let kind?:
            return "\(ancestor) is \(kind.name), not a directory; give a path whose parents are directories"
        case nil:
            return "\(ancestor) cannot be read; give a directory you may write"
        }
    }

    private static func emptyFile(_ path: String) -> SQLiteError {
        SQLiteError(
            unusableFile: .notADatabase,
            "\(name(path)) is empty (0 bytes) though it was already there: it may have been truncated, and what it held is not in it. It was left as it is; move it away (or restore a copy, with its -wal file beside it: the latest commits live there until a checkpoint) to start afresh: \(path)"
        )
    }
}
