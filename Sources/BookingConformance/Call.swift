import BookingPrimitives

/// One request to send: method, path with query, JSON body, key, account.
struct Call: Sendable {
    var method: String
    /// The path and query below the server's URL, e.g. `/v1/holds`.
    var target: String
    var body: JSONValue?
    var key: String?
    var account: Account
    /// Extra headers, e.g. the sandbox's documented `Sandbox-Fault` test means.
    var headers: [String: String] = [:]

    /// A `GET`.
    static func get(_ target: String, as account: Account) -> Call {
        Call(method: "GET", target: target, body: nil, key: nil, account: account)
    }

    /// A `POST` with a JSON body, under `key` when the endpoint takes one.
    static func post(_ target: String, _ body: JSONValue, key: String?, as account: Account) -> Call {
        Call(method: "POST", target: target, body: body, key: key, account: account)
    }

    /// The endpoint a key is scoped to, with path ids kept (`POST /v1/holds`).
    var path: String { String(target.prefix { $0 != "?" }) }
}
