// Every platform difference of the BookingAPI module, in one place.
//
// On Linux, URLSession and its types live in FoundationNetworking; on Apple
// platforms they are part of Foundation. Re-exported here so no other file
// needs a conditional import.
import Foundation

#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
import Glibc
#endif

/// What differs between Apple platforms and Linux for the API client.
enum Platform {
    /// The configuration every session starts from, made without creating
    /// any file or directory. The caller still turns off the cache, cookies
    /// and credentials it does not want.
    static func sessionConfiguration() -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
        // `.ephemeral` is no help here: it makes a URLCache without a
        // disk path, which creates the cache directory all the same.
        _ = sharedStoragesWithoutFiles
        return .default
        #else
        return .ephemeral
        #endif
    }

    /// Whether URLSession connects to a URL whose host is an IPv6 literal
    /// (`http://[::1]:8080`). FoundationNetworking (Linux, Windows) fails
    /// such a request with `NSURLErrorBadURL` before anything is sent: its
    /// check that libcurl and `URL` agree on the host compares `[::1]` with
    /// `::1` (swift-corelibs-foundation issue 5496).
    static var connectsToIPv6Literals: Bool {
        #if canImport(FoundationNetworking)
        return false
        #else
        return true
        #endif
    }
}

#if canImport(FoundationNetworking)
/// FoundationNetworking builds every configuration from `.default`,
/// whose first use creates the process's shared URL cache (a directory
/// `org.swift.foundation.URLCache/<name>` under `$XDG_CACHE_HOME`, i.e.
/// `~/.cache`) and shared cookie storage (a directory named after the
/// executable's folder under `$XDG_DATA_HOME`, e.g. `~/.local/share/debug`),
/// outside any data directory. Both are made here once, before the first
/// configuration, so that neither creates anything: the cache with a disk
/// path that cannot be a directory (so it has no disk at all), the cookie
/// storage while `$XDG_DATA_HOME` names no directory (its folder cannot be
/// created, and it only ever reads a file that is not there). The API
/// client's sessions use neither; another user of the process's shared
/// cache or cookie storage gets one that keeps nothing on disk.
private let sharedStoragesWithoutFiles: Void = {
    URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
    let name = "XDG_DATA_HOME"
    let saved = getenv(name).map { String(cString: $0) }
    setenv(name, "/dev/null", 1)
    _ = HTTPCookieStorage.shared
    if let saved { setenv(name, saved, 1) } else { unsetenv(name) }
}()
#endif
