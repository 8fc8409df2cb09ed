/// The syncs one process made, by the file synced, read from `strace -f -y
/// -e trace=fsync,fdatasync` (each call names its file).
struct SyncCount: Equatable, CustomStringConvertible {
    /// Of `booking.sqlite` and its WAL: the durable commits (and checkpoints).
    var store = 0
    /// Of `cache.sqlite` and its WAL.
    var cache = 0
    /// Of anything else: the data directory, when a file was created in it.
    var other = 0

    init(straceLines: String) {
        for line in straceLines.split(separator: "\n") where !line.contains("resumed>") {
            guard line.contains("fsync(") || line.contains("fdatasync(") else { continue }
            if line.contains("booking.sqlite") {
                store += 1
            } else if line.contains("cache.sqlite") {
                cache += 1
            } else {
                other += 1
            }
        }
    }

    /// Every sync.
    var all: Int { store + cache + other }

    var description: String { "\(store) booking.sqlite, \(cache) cache.sqlite, \(other) other" }
}
