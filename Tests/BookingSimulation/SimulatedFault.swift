/// Every fault the simulation injects. What each one is (its name in the
/// figures, how it is made, which requests it can land on) is written once,
/// in `traits`.
public enum SimulatedFault: CaseIterable, Sendable, Comparable {
    /// The transport throws before anything is sent (offline).
    case offline
    /// The connection drops before the request is sent; the client cannot tell.
    case requestLost
    /// The server commits, the answer never arrives (`drop-response-after-commit`).
    case responseLostAfterCommit
    /// The request is sent, the client times out waiting.
    case timedOutAfterSending
    /// The request reaches the server twice; the client sees one answer.
    case duplicateDelivery
    /// `408 Request Timeout` before the server does anything.
    case requestTimeout408
    /// `429` with `Retry-After` in seconds.
    case rateLimitSeconds
    /// `429` with `Retry-After` as an HTTP-date.
    case rateLimitDate
    /// `503` with `Retry-After` in seconds.
    case unavailableSeconds
    /// `503` with `Retry-After` as an HTTP-date.
    case unavailableDate
    /// `500` before the server commits.
    case error500BeforeCommit
    /// `500` after the server committed.
    case error500AfterCommit
    /// A gateway in front of the server answers `503` with the contract's
    /// body and `Retry-After` after the server ran the request
    /// (`gateway-503-after-commit`).
    case gateway503AfterCommit
    /// A gateway answers `429` the same way (`gateway-429-after-commit`).
    case gateway429AfterCommit
    /// A gateway answers `502` with an HTML page after the server ran the
    /// request (`gateway-502-after-commit`).
    case gateway502AfterCommit
    /// A gateway answers `504` with an HTML page and no `Retry-After` after
    /// the server ran the request.
    case gateway504AfterCommit
    /// A gateway answers `503` with no body and no `Retry-After` after the
    /// server ran the request.
    case gateway503BareAfterCommit
    /// A cancellation or a change of dates runs on the server, and the
    /// answer is a `409` refusal (`VERSION_CONFLICT`, `VERSION_CHANGED`):
    /// only a read of the booking says what happened.
    case refusedAfterCommit
    /// `409 IDEMPOTENCY_KEY_IN_USE`.
    case keyInUse
    /// `409 PRICE_CHANGED` on a hold.
    case priceChanged
    /// `409 SOLD_OUT` on a hold.
    case soldOut
    /// A booking read answers the version before the current one.
    case staleVersion
    /// A booking read answers the same version as the last answer.
    case equalVersion
    /// Another connection holds the write lock: the client's writes get `SQLITE_BUSY`.
    case sqliteBusy
    /// The database may not grow: writes that need a page get `SQLITE_FULL`.
    case sqliteFull
    /// The process dies at an effect boundary.
    case processDeath

    /// Which requests a network fault can land on.
    enum Landing {
        /// Any request.
        case any
        /// A POST.
        case post
        /// `POST /v1/holds`.
        case holdRequest
        /// `GET /v1/bookings...`.
        case bookingRead
        /// A cancellation or a change of dates (`POST /v1/bookings/{id}/cancel`
        /// or `.../modifications`).
        case tripChange
    }

    /// What a fault is: its name in the figures; for a network fault, the
    /// `Sandbox-Fault` header that makes the sandbox do it (nil: the network
    /// does it itself) and the requests it can land on.
    struct Traits {
        var name: String
        var sandboxHeader: String? = nil
        var landing: Landing = .any
    }

    var traits: Traits {
        switch self {
        case .offline: Traits(name: "offline (not sent)")
        case .requestLost: Traits(name: "request lost before sending")
        case .responseLostAfterCommit:
            Traits(name: "response lost after commit", sandboxHeader: "drop-response-after-commit")
        case .timedOutAfterSending: Traits(name: "timed out after sending")
        case .duplicateDelivery: Traits(name: "duplicate delivery")
        case .requestTimeout408: Traits(name: "408")
        case .rateLimitSeconds: Traits(name: "429 Retry-After seconds")
        case .rateLimitDate: Traits(name: "429 Retry-After HTTP-date")
        case .unavailableSeconds: Traits(name: "503 Retry-After seconds")
        case .unavailableDate: Traits(name: "503 Retry-After HTTP-date")
        case .error500BeforeCommit: Traits(name: "500 before commit", sandboxHeader: "error-500-before-commit")
        case .error500AfterCommit: Traits(name: "500 after commit", sandboxHeader: "error-500-after-commit")
        case .gateway503AfterCommit:
            Traits(name: "gateway 503 after commit", sandboxHeader: "gateway-503-after-commit", landing: .post)
        case .gateway429AfterCommit:
            Traits(name: "gateway 429 after commit", sandboxHeader: "gateway-429-after-commit", landing: .post)
        case .gateway502AfterCommit:
            Traits(name: "gateway 502 after commit", sandboxHeader: "gateway-502-after-commit", landing: .post)
        case .gateway504AfterCommit: Traits(name: "gateway 504 after commit (HTML, no Retry-After)", landing: .post)
        case .gateway503BareAfterCommit: Traits(name: "gateway 503 after commit (no body)", landing: .post)
        case .refusedAfterCommit: Traits(name: "409 refusal after the change ran", landing: .tripChange)
        case .keyInUse: Traits(name: "409 IDEMPOTENCY_KEY_IN_USE", landing: .post)
        case .priceChanged: Traits(name: "409 PRICE_CHANGED", sandboxHeader: "price-changed", landing: .holdRequest)
        case .soldOut: Traits(name: "409 SOLD_OUT", sandboxHeader: "sold-out", landing: .holdRequest)
        case .staleVersion: Traits(name: "stale version", sandboxHeader: "stale-version", landing: .bookingRead)
        case .equalVersion: Traits(name: "equal version (replayed answer)", landing: .bookingRead)
        case .sqliteBusy: Traits(name: "SQLITE_BUSY")
        case .sqliteFull: Traits(name: "SQLITE_FULL")
        case .processDeath: Traits(name: "process death")
        }
    }

    /// The name the figures use.
    public var name: String { traits.name }

    /// Whether this network fault can land on a request with `method` to `target`.
    func canLand(onMethod method: String, target: String) -> Bool {
        switch traits.landing {
        case .any: true
        case .post: method == "POST"
        case .holdRequest: method == "POST" && target.hasPrefix("/v1/holds")
        case .bookingRead: method == "GET" && target.hasPrefix("/v1/bookings")
        case .tripChange:
            method == "POST" && target.hasPrefix("/v1/bookings/")
                && (target.hasSuffix("/cancel") || target.hasSuffix("/modifications"))
        }
    }

    public static func < (lhs: SimulatedFault, rhs: SimulatedFault) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }

    /// The faults the transport can put on a request.
    static let network: [SimulatedFault] = [
        .offline, .requestLost, .responseLostAfterCommit, .timedOutAfterSending, .duplicateDelivery, .requestTimeout408,
        .rateLimitSeconds, .rateLimitDate, .unavailableSeconds, .unavailableDate, .error500BeforeCommit,
        .error500AfterCommit, .keyInUse, .priceChanged, .soldOut, .staleVersion, .equalVersion,
        .gateway503AfterCommit, .gateway429AfterCommit, .gateway502AfterCommit, .gateway504AfterCommit,
        .gateway503BareAfterCommit, .refusedAfterCommit,
    ]
}
