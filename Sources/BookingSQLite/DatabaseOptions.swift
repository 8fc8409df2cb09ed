extension Database {
    /// How durable a commit is (`PRAGMA synchronous`, in WAL mode).
    public enum Synchronous: String, Sendable {
        /// Every commit is synced: survives power loss. For data that must never be lost.
        case full = "FULL"
        /// Synced at checkpoints: survives a process crash, may lose the last
        /// commits on power loss. For data that can be rebuilt.
        case normal = "NORMAL"
        /// Never synced, not even at checkpoints: survives a process crash,
        /// may lose or damage the file on power loss. For a cache that is
        /// rebuilt when damaged and holds nothing that must survive.
        case off = "OFF"

        /// The number `PRAGMA synchronous` reads back.
        var level: Int {
            switch self {
            case .full: 2
            case .normal: 1
            case .off: 0
            }
        }
    }

    /// How a database is opened.
    public struct Options: Sendable {
        /// Commit durability. Default `.full`.
        public var synchronous: Synchronous
        /// How long to wait for another connection's lock before failing with
        /// `SQLITE_BUSY`. Default 5 000 ms.
        public var busyTimeoutMilliseconds: Int
        /// Open without write access (no directory or file is created, no
        /// mode tightened). A file with no `-wal` in a directory that cannot
        /// hold a `-shm` is read as immutable.
        public var readOnly: Bool

        /// Creates options.
        public init(synchronous: Synchronous = .full, busyTimeoutMilliseconds: Int = 5_000, readOnly: Bool = false) {
            self.synchronous = synchronous
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.readOnly = readOnly
        }
    }
}
