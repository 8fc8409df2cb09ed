import CBookingSQLite

/// The SQLite library this process runs with (not the headers it was
/// built against: the system's library may be newer).
public enum SQLiteLibrary {
    /// The runtime version, e.g. `3.40.1` (`sqlite3_libversion()`).
    public static var version: String {
        String(cString: sqlite3_libversion())
    }
}
