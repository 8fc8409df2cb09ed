import Foundation

/// One HTTP request as the API client hands it to a `Transport`.
public struct TransportRequest: Sendable, Equatable {
    /// The method, e.g. `POST`.
    public var method: String
    /// The absolute URL.
    public var url: URL
    /// Header fields by name.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// How long the whole exchange may take before it is a timeout.
    public var timeout: Duration
    /// The largest answer body wanted, in bytes (nil: no cap). A transport
    /// stops reading one byte past it and returns what it read, so the
    /// caller sees the answer is too large without holding all of it.
    public var maximumBodyBytes: Int?

    /// Creates a request whose answer's body is read up to
    /// `maximumBodyBytes` (nil, the default: no cap).
    public init(
        method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Duration,
        maximumBodyBytes: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }
}
