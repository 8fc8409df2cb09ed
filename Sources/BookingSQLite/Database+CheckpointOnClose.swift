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
        var enabled: Int32 = 0
        let code = bk_sqlite3_db_config_int(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &enabled)
        guard code == SQLITE_OK, enabled == 1 else {
            throw SQLiteError(
                code: code == SQLITE_OK ? .error : ResultCode(rawValue: code),
                message: "SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE did not take")
        }
    }
}
