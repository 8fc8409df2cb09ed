import CBookingSQLite

extension Database {
    /// Leaves the WAL as it is when this connection closes, even as the
    /// file's last connection (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`): no
    /// checkpoint, no deleted WAL, so the next process appends to it
    /// instead of creating it again. Every commit in it is already durable;
    /// SQLite still checkpoints as commits fill it.
    ///
    /// - Throws: `SQLiteError` when the setting did not take.
    public func keepWALOnClose() throws(SQLiteError) {
        try turnOn(SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, named: "SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE")
    }
}
