import BookingAPI

#if os(Linux)
import BookingCurl
#endif

/// The HTTP the kit speaks through: the package's own client transports,
/// picked as `BookingKit`'s `Platform` picks them (libcurl on Linux, falling
/// back to URLSession when libcurl cannot be loaded; URLSession elsewhere),
/// so the kit sends exactly what the app's client sends: no redirects
/// followed, no request re-sent behind the caller's back.
public enum ConformanceTransport {
    /// The transport for this platform.
    public static func make() -> any Transport {
        #if os(Linux)
        guard case .failure = CurlTransport.load() else { return CurlTransport() }
        return URLSessionTransport()
        #else
        return URLSessionTransport()
        #endif
    }
}
