import Foundation

/// One HTTP response as a `Transport` returns it.
public struct TransportResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Header fields, names lower-cased.
    public var headers: [String: String]
    /// The body.
    public var body: Data
    /// Whether the body was larger than the request's `maximumBodyBytes`
    /// and reading stopped (`body` is then what was read, or nothing when
    /// the announced length was already too large).
    public var isOverLimit: Bool

    /// Creates a response (read whole unless `isOverLimit`); header names
    /// are lower-cased.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), isOverLimit: Bool = false) {
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.isOverLimit = isOverLimit
    }

    /// The value of a header, by case-insensitive name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
