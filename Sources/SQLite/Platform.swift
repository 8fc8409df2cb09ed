// Every platform difference of the SQLite module, in one place.

enum Platform {
    /// On Apple platforms `fsync` does not reach the platter; durability
    /// needs `F_FULLFSYNC`, which SQLite uses when `PRAGMA fullfsync` is on.
    /// Linux's `fdatasync` already flushes the drive cache.
    #if canImport(Darwin)
        static let flushNeedsFullFsync = true
    #else
        static let flushNeedsFullFsync = false
    #endif
}
