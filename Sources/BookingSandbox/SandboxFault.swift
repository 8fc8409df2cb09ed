import Foundation

/// A fault the sandbox can inject, per request (header `Sandbox-Fault`) or
/// at random for the whole server (`SandboxConfiguration.faultRates`).
///
/// Spelled on the wire exactly as `description` gives: `drop-response-after-commit`,
/// `error-500-before-commit`, `error-500-after-commit`, `rate-limit`,
/// `unavailable`, `price-changed`, `sold-out`, `stale-version`, `unauthenticated`,
/// `gateway-429-after-commit`, `gateway-502-after-commit`,
/// `gateway-503-after-commit`, `gateway-504-after-commit`, `delay-ms=<n>`.
public enum SandboxFault: Hashable, Sendable, CustomStringConvertible {
    /// Do the work and commit it, then close the connection with no answer.
    case dropResponseAfterCommit
    /// Answer 500 before the endpoint changes anything (the 500 is stored
    /// under the idempotency key).
    case error500BeforeCommit
    /// Commit the endpoint's work, then answer 500 (stored under the key).
    case error500AfterCommit
    /// Answer 429 with `Retry-After` before doing anything (nothing stored).
    case rateLimit
    /// Answer 503 with `Retry-After` before doing anything (nothing stored).
    case unavailable
    /// `POST /v1/holds`: the offer's price moves up now; answers 409 PRICE_CHANGED.
    case priceChanged
    /// `POST /v1/holds`: answers 409 SOLD_OUT.
    case soldOut
    /// Booking reads answer the version before the current one.
    case staleVersion
    /// Answer 401 `UNAUTHENTICATED` before doing anything (nothing stored),
    /// as a server does for a key or token it no longer accepts: the
    /// credential refused mid-flow, for one request.
    case unauthenticated
    /// What a gateway in front of a server does (nginx's `error_page`,
    /// Envoy's upstream reset, a load balancer): the endpoint runs and its
    /// real answer is stored under the key, then the client gets this
    /// status instead. A 429 or 503 comes with the contract's own body and
    /// `Retry-After`, the hardest case for a client (it reads exactly like
    /// the server's "nothing ran"); a 502 or 504 with a gateway's HTML page.
    case gatewayAfterCommit(status: Int)
    /// Wait this long before running the endpoint (after claiming the key).
    case delay(milliseconds: Int)

    /// The statuses a gateway answers in place of the server's answer.
    public static let gatewayStatuses = [429, 502, 503, 504]

    /// The longest delay a request may ask for.
    public static let maximumDelayMilliseconds = 60_000

    /// The wire spelling.
    public var description: String {
        switch self {
        case .dropResponseAfterCommit: return "drop-response-after-commit"
        case .error500BeforeCommit: return "error-500-before-commit"
        case .error500AfterCommit: return "error-500-after-commit"
        case .rateLimit: return "rate-limit"
        case .unavailable: return "unavailable"
        case .priceChanged: return "price-changed"
        case .soldOut: return "sold-out"
        case .staleVersion: return "stale-version"
        case .unauthenticated: return "unauthenticated"
        case .gatewayAfterCommit(let status): return "gateway-\(status)-after-commit"
        case .delay(let milliseconds): return "delay-ms=\(milliseconds)"
        }
    }

    /// Every fault without a parameter.
    public static let simpleCases: [SandboxFault] =
        [
            .dropResponseAfterCommit, .error500BeforeCommit, .error500AfterCommit, .rateLimit,
            .unavailable, .priceChanged, .soldOut, .staleVersion, .unauthenticated,
        ] + gatewayStatuses.map { .gatewayAfterCommit(status: $0) }

    /// The faults a dashboard lists for `rates`: every fault without a
    /// parameter, then each one with a parameter that has a rate (such as
    /// `delay-ms=300`), by its spelling.
    static func listed(rates: [SandboxFault: Double]) -> [SandboxFault] {
        simpleCases + rates.keys.filter { !simpleCases.contains($0) }.sorted { $0.description < $1.description }
    }

    /// Parses one wire spelling; `nil` when it is not one.
    public init?(_ text: String) {
        if let simple = Self.simpleCases.first(where: { $0.description == text }) {
            self = simple
            return
        }
        let prefix = "delay-ms="
        guard text.hasPrefix(prefix) else { return nil }
        let digits = text.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let milliseconds = Int(digits), milliseconds <= Self.maximumDelayMilliseconds
        else { return nil }
        self = .delay(milliseconds: milliseconds)
    }

    /// Parses a `Sandbox-Fault` header value: one or more faults separated by
    /// commas (e.g. `delay-ms=300, drop-response-after-commit`). `nil` when
    /// any part is not a fault.
    public static func parseList(_ header: String) -> [SandboxFault]? {
        let parts = header.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !parts.isEmpty, parts.count <= 9 else { return nil }
        var faults: [SandboxFault] = []
        for part in parts {
            guard let fault = SandboxFault(part) else { return nil }
            faults.append(fault)
        }
        return faults
    }
}
