/// An exclusive advisory lock on a file of its own beside the databases
/// (`flock`), for work that runs in one process at a time per directory
/// while its network calls last: a database transaction would keep every
/// other writer waiting that long.
///
/// The lock file is created `0600`, never through a symbolic link, and
/// never a database file: closing a descriptor of one would drop SQLite's
/// locks. The lock goes when the value does (its descriptor is closed), or
/// when the process dies.
///
/// ```swift
/// guard let lock = try FileLock.acquire(path: directory + "/.job.lock") else { return }  // another holds it
/// defer { withExtendedLifetime(lock) {} }
/// ```
public final class FileLock: Sendable {
    /// The open lock file.
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock on `path` without waiting: nil when another open
    /// file (this process's or another's) holds it.
    ///
    /// - Throws: `SQLiteError` when the lock file cannot be opened or
    ///   created, or is a symbolic link.
    public static func acquire(path: String) throws(SQLiteError) -> FileLock? {
        let descriptor: Int32
        switch Platform.openNoFollow(path, flags: Platform.lockFileFlags, mode: FileSecurity.fileMode) {
        case .success(let opened): descriptor = opened
        case .failure(.symbolicLinkLoop):
            throw SQLiteError(unusableFile: .cannotOpen, "\(path) is a symbolic link; refusing to lock through it")
        case .failure(let error):
            throw SQLiteError(code: .cannotOpen, message: "cannot open the lock file \(path): \(error.text)")
        }
        guard Platform.tryLockExclusively(descriptor) else {
            Platform.close(descriptor)
            return nil
        }
        return FileLock(descriptor: descriptor)
    }

    deinit {
        Platform.close(descriptor)
    }
}
