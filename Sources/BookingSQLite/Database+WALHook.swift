import CBookingSQLite

extension Database {
    /// What a commit hook decides after a commit to the WAL.
    public enum AfterCommit: Sendable {
        /// Nothing now (another connection checkpoints, or later).
        case proceed
        /// A passive checkpoint on this connection, before the commit
        /// returns: the bound for a WAL nobody else is checkpointing.
        case checkpointNow
    }

    /// Calls `body` on the committing thread after each commit of this
    /// connection to its WAL, with the number of frames the WAL now holds.
    /// It takes the place of SQLite's automatic checkpoint: this connection
    /// no longer copies the WAL into the file when a commit passes 1,000
    /// frames (`wal_autocheckpoint`) unless `body` answers `.checkpointNow`.
    /// `body` must not use this connection.
    public func afterEachCommit(_ body: @escaping (_ framesInWAL: Int) -> AfterCommit) {
        let hook = WALHook(body)
        walHook = hook
        sqlite3_wal_hook(handle, walHookCallback, Unmanaged.passUnretained(hook).toOpaque())
    }
}

/// The closure `afterEachCommit` keeps, owned by its `Database` for as
/// long as SQLite may call it.
final class WALHook {
    let body: (Int) -> Database.AfterCommit

    init(_ body: @escaping (Int) -> Database.AfterCommit) {
        self.body = body
    }
}

private func walHookCallback(
    context: UnsafeMutableRawPointer?, handle: OpaquePointer?, schema: UnsafePointer<CChar>?, frames: Int32
) -> Int32 {
    guard let context else { return SQLITE_OK }
    let hook = Unmanaged<WALHook>.fromOpaque(context).takeUnretainedValue()
    guard case .checkpointNow = hook.body(Int(frames)) else { return SQLITE_OK }
    // As SQLite's own automatic checkpoint: passive, and its failure (a
    // reader in the way) is no failure of the commit.
    _ = sqlite3_wal_checkpoint_v2(handle, schema, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    return SQLITE_OK
}
