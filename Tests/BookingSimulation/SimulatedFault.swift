/// Every fault the simulation injects, by the name the figures use.
public enum SimulatedFault: String, CaseIterable, Sendable, Comparable {
    /// The transport throws before anything is sent (offline).
    case offline = "offline (not sent)"
    /// The connection drops before the request is sent; the client cannot tell.
    case requestLost = "request lost before sending"
    /// The server commits, the answer never arrives (`drop-response-after-commit`).
    case responseLostAfterCommit = "response lost after commit"
    /// The request is sent, the client times out waiting.
    case timedOutAfterSending = "timed out after sending"
    /// The request reaches the server twice; the client sees one answer.
    case duplicateDelivery = "duplicate delivery"
    /// `408 Request Timeout` before the server does anything.
    case requestTimeout408 = "408"
    /// `429` with `Retry-After` in seconds.
    case rateLimitSeconds = "429 Retry-After seconds"
    /// `429` with `Retry-After` as an HTTP-date.
    case rateLimitDate = "429 Retry-After HTTP-date"
    /// `503` with `Retry-After` in seconds.
    case unavailableSeconds = "503 Retry-After seconds"
    /// `503` with `Retry-After` as an HTTP-date.
    case unavailableDate = "503 Retry-After HTTP-date"
    /// `500` before the server commits.
    case error500BeforeCommit = "500 before commit"
    /// `500` after the server committed.
    case error500AfterCommit = "500 after commit"
    /// `409 IDEMPOTENCY_KEY_IN_USE`.
    case keyInUse = "409 IDEMPOTENCY_KEY_IN_USE"
    /// `409 PRICE_CHANGED` on a hold.
    case priceChanged = "409 PRICE_CHANGED"
    /// `409 SOLD_OUT` on a hold.
    case soldOut = "409 SOLD_OUT"
    /// A booking read answers the version before the current one.
    case staleVersion = "stale version"
    /// A booking read answers the same version as the last answer.
    case equalVersion = "equal version (replayed answer)"
    /// Another connection holds the write lock: the client's writes get `SQLITE_BUSY`.
    case sqliteBusy = "SQLITE_BUSY"
    /// The database may not grow: writes that need a page get `SQLITE_FULL`.
    case sqliteFull = "SQLITE_FULL"
    /// The process dies at an effect boundary.
    case processDeath = "process death"

    public static func < (lhs: SimulatedFault, rhs: SimulatedFault) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }

    /// The faults the transport can put on a request.
    static let network: [SimulatedFault] = [
        .offline, .requestLost, .responseLostAfterCommit, .timedOutAfterSending, .duplicateDelivery, .requestTimeout408,
        .rateLimitSeconds, .rateLimitDate, .unavailableSeconds, .unavailableDate, .error500BeforeCommit,
        .error500AfterCommit, .keyInUse, .priceChanged, .soldOut, .staleVersion, .equalVersion,
    ]
}
