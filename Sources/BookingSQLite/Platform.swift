// Every platform difference of the SQLite module, in one place.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

enum Platform {
    /// On Apple platforms `fsync` does not reach the platter; durability
    /// needs `F_FULLFSYNC`, which SQLite uses when `PRAGMA fullfsync` is on.
    /// Linux's `fdatasync` already flushes the drive cache.
    #if canImport(Darwin)
    static let flushNeedsFullFsync = true
    #else
    static let flushNeedsFullFsync = false
    #endif

    /// The `errno` values that mean the storage is full: the disk, or the
    /// user's quota.
    static let storageFullErrors: Set<Int32> = [ENOSPC, EDQUOT]
    /// The `errno` values that say a file or directory cannot be written.
    static let readOnlyErrors: Set<Int32> = [EACCES, EPERM, EROFS]

    /// What a path names, as `fstat`/`lstat` report it.
    enum FileKind: Equatable {
        case regular, directory, symbolicLink, fifo, socket, device, other

        /// The kind read from `st_mode` (the same bits on Linux and Apple
        /// platforms; `mode_t` is 32 bits on one and 16 on the other).
        init(mode: mode_t) {
            switch UInt32(mode) & 0o170000 {
            case 0o100000: self = .regular
            case 0o040000: self = .directory
            case 0o120000: self = .symbolicLink
            case 0o010000: self = .fifo
            case 0o140000: self = .socket
            case 0o020000, 0o060000: self = .device
            default: self = .other
            }
        }

        /// The kind in words, for an error message.
        var name: String {
            switch self {
            case .regular: return "a regular file"
            case .directory: return "a directory"
            case .symbolicLink: return "a symbolic link"
            case .fifo: return "a FIFO (named pipe)"
            case .socket: return "a socket"
            case .device: return "a device"
            case .other: return "not a file"
            }
        }
    }

    /// The status of an open descriptor: its kind, permission bits and size.
    struct Status {
        var kind: FileKind
        var permissions: mode_t
        var size: Int64

        /// What `lstat` or `fstat` filled in.
        init(_ info: stat) {
            kind = FileKind(mode: info.st_mode)
            permissions = info.st_mode & 0o7777
            size = Int64(info.st_size)
        }
    }

    /// Opens `path` without following a symbolic link in its last component
    /// (`O_NOFOLLOW`; the open fails with `ELOOP` on one), close-on-exec.
    /// Returns the descriptor, or the `errno` of the failure. Never for a
    /// database file or sidecar SQLite may have open in this process: closing
    /// any descriptor of a file drops every POSIX lock the process holds on
    /// it, SQLite's included.
    static func openNoFollow(_ path: String, flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
        let descriptor = open(path, flags | O_NOFOLLOW | O_CLOEXEC, mode)
        return descriptor >= 0 ? .success(descriptor) : .failure(Errno(errno))
    }

    /// Flags to create a new file that was not there (never through a link).
    static let createFlags = O_WRONLY | O_CREAT | O_EXCL
    /// Flags to open a directory.
    static let directoryFlags = O_RDONLY | O_DIRECTORY

    /// The status of what `path` names, not following a final link (`lstat`):
    /// no descriptor is opened, so no lock SQLite holds is dropped.
    static func status(atPath path: String) -> Result<Status, Errno> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(Errno(errno)) }
        return .success(Status(info))
    }

    /// Sets the permission bits of `path` without following a final link
    /// (`fchmodat` with `AT_SYMLINK_NOFOLLOW`: glibc does it through an
    /// `O_PATH` descriptor, whose closing drops no lock; Apple platforms
    /// natively). A link there fails; nothing it points to changes.
    static func setPermissions(atPath path: String, _ permissions: mode_t) -> Errno? {
        fchmodat(AT_FDCWD, path, permissions, AT_SYMLINK_NOFOLLOW) == 0 ? nil : Errno(errno)
    }

    /// The status of `descriptor`.
    static func status(_ descriptor: Int32) -> Result<Status, Errno> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(Errno(errno)) }
        return .success(Status(info))
    }

    /// The kind of what `path` names, not following a final link; nil when nothing is there.
    static func kind(atPath path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// Sets the permission bits of `descriptor`.
    static func setPermissions(_ descriptor: Int32, _ permissions: mode_t) -> Errno? {
        fchmod(descriptor, permissions) == 0 ? nil : Errno(errno)
    }

    /// Closes `descriptor`.
    static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// Makes `existing` also known as `new`; fails with `EEXIST` when `new`
    /// exists (never replaces it).
    static func link(_ existing: String, as new: String) -> Errno? {
        systemLink(existing, new) == 0 ? nil : Errno(errno)
    }

    /// Renames `path` to `new`, replacing what is there.
    static func rename(_ path: String, to new: String) -> Errno? {
        systemRename(path, new) == 0 ? nil : Errno(errno)
    }

    /// Removes the name `path` (a link itself, never what it points to).
    static func unlink(_ path: String) {
        _ = systemUnlink(path)
    }

    /// Takes the exclusive advisory lock of `descriptor` without waiting
    /// (`flock`); `false` when another open file holds it.
    static func tryLockExclusively(_ descriptor: Int32) -> Bool {
        flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Flags to open (and create) a lock file.
    static let lockFileFlags = O_RDWR | O_CREAT

    /// This process's id.
    static var processID: Int32 { Int32(getpid()) }

    /// An `errno` value.
    struct Errno: Error, Equatable {
        var code: Int32
        init(_ code: Int32) { self.code = code }

        static let noEntry = Errno(ENOENT)
        static let exists = Errno(EEXIST)
        static let symbolicLinkLoop = Errno(ELOOP)
        static let notADirectory = Errno(ENOTDIR)

        /// The system's words for it.
        var text: String { String(cString: strerror(code)) }
    }
}

// Free functions, so the system calls are not shadowed by `Platform`'s members.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
private func systemRename(_ path: String, _ new: String) -> Int32 { rename(path, new) }
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }
