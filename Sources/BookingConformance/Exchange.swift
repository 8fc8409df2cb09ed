import BookingPrimitives

/// One request the kit sent and what came back: the evidence a broken
/// promise is reported with.
public struct Exchange: Sendable, Equatable {
    /// The account's label (`first`, `second`).
    public var account: String
    /// `GET`, `POST`.
    public var method: String
    /// The path with its query, e.g. `/v1/bookings?attempt=...`.
    public var target: String
    /// The `Idempotency-Key` sent, if any.
    public var idempotencyKey: String?
    /// The request's JSON body, if any.
    public var requestBody: JSONValue?
    /// The answer's status; nil when no answer came (`failure` says why).
    public var status: Int?
    /// Why no answer came.
    public var failure: String?
    /// `Idempotent-Replayed: true` was on the answer.
    public var replayed: Bool
    /// The answer's `Retry-After`, if any.
    public var retryAfter: String?
    /// The answer's body as JSON (`.null` when it was not JSON).
    public var body: JSONValue
    /// Seconds from the start of the run to when the request was sent and when its answer came.
    public var sentAt: Double
    /// See `sentAt`.
    public var answeredAt: Double

    /// The error code of an error answer (`{"error": {"code": ...}}`).
    public var errorCode: String? { body["error"]["code"].stringValue }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status ?? 0) }

    /// The request line, the status and the body's key fields, on one line.
    public var summary: String {
        var line = "\(method) \(target)"
        if account != "first" { line += " [\(account) account]" }
        if let idempotencyKey { line += " key=\(idempotencyKey)" }
        if let requestBody, requestBody != .object([]) { line += " " + requestBody.serialized(pretty: false) }
        guard let status else { return line + " -> no answer (\(failure ?? "unknown"))" }
        line += " -> \(status)"
        if replayed { line += " Idempotent-Replayed" }
        if let retryAfter { line += " Retry-After=\(retryAfter)" }
        let fields = Self.keyFields.compactMap { path -> String? in
            let value = path.reduce(body) { $0[$1] }
            return value.isNull ? nil : "\(path.joined(separator: "."))=\(value.serialized(pretty: false))"
        }
        if !fields.isEmpty { line += " " + fields.joined(separator: " ") }
        return line
    }

    /// The fields a summary shows, where an answer has them.
    static let keyFields: [[String]] = [
        ["error", "code"], ["error", "bookingId"], ["error", "version"], ["error", "state"], ["error", "quoteId"],
        ["holdId"], ["bookingId"], ["state"], ["version"], ["expiresInMs"], ["failure", "code"],
        ["booking", "bookingId"], ["booking", "state"], ["booking", "version"],
    ]
}
