import BookingSQLite
// libFuzzer target: opening mutated database files. The input is written
// as booking.sqlite (first byte even) or cache.sqlite (odd) in a fresh
// directory, opened, and read in full. Any file: no crash; a damaged
// booking.sqlite throws, a damaged cache is rebuilt.
import BookingStore
import Foundation

let root = NSTemporaryDirectory() + "bookingkit-dbfuzz-\(getpid())"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let directory = root + "/d"
    try? FileManager.default.removeItem(atPath: root)
    try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    let booking = data[0] % 2 == 0
    let file = directory + (booking ? "/booking.sqlite" : "/cache.sqlite")
    let contents = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    _ = FileManager.default.createFile(atPath: file, contents: contents, attributes: [.posixPermissions: 0o600])
    if booking {
        if let database = try? BookingDatabase(directory: directory, busyTimeoutMilliseconds: 0) {
            _ = try? database.attempts.nonFinal()
            _ = try? database.attempts.latest()
            _ = try? database.attempts.count()
            try? database.trips.forEach { _ in }
            _ = try? database.integrityCheck()
        }
    } else if let cache = try? CacheDatabase(directory: directory) {
        _ = try? cache.recovering { try $0.recentSearches.mostRecent(limit: 50) }
        _ = try? cache.recovering { try $0.resultPages.page(queryKey: "k", pageIndex: 0) }
    }
    return 0
}
