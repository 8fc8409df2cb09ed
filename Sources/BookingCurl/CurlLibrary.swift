import CBookingCurl

/// Why libcurl cannot be used in this process: `libcurl.so.4` is missing,
/// lacks a function `CurlTransport` calls (libcurl before 7.68), or failed
/// to start.
package struct CurlUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the loader found, naming the library and what it lacked.
    package let reason: String

    /// The loader's `reason`.
    package init(reason: String) {
        self.reason = reason
    }

    package var description: String { reason }
}

extension CurlTransport {
    /// Loads libcurl at run time (`dlopen`), once per process: success when
    /// a `CurlTransport` can be used, otherwise why not. The package is
    /// built with no libcurl header and no link to libcurl, so its absence
    /// shows here, not as a build or start-up failure.
    package static func load() -> Result<Void, CurlUnavailable> { loaded }

    private static let loaded: Result<Void, CurlUnavailable> = {
        guard let reason = bk_curl_load() else { return .success(()) }
        return .failure(CurlUnavailable(reason: String(cString: reason)))
    }()

    /// Whether `library` (a file name `dlopen` looks up, or a path) could
    /// be loaded as libcurl: every function found in it. Leaves the
    /// process's libcurl as it is; for tests of the loader's reasons.
    package static func probe(library: String) -> Result<Void, CurlUnavailable> {
        var reason = [CChar](repeating: 0, count: 512)
        if bk_curl_probe(library, &reason, reason.count) { return .success(()) }
        let bytes = reason.prefix { $0 != 0 }.map(UInt8.init(bitPattern:))
        return .failure(CurlUnavailable(reason: String(decoding: bytes, as: UTF8.self)))
    }
}
