import Foundation

/// A validated base URL of the booking API.
///
/// HTTPS anywhere; plain HTTP only to a loopback address (the sandbox on
/// this machine). A URL with credentials, a query or a fragment is refused.
public struct ServerAddress: Sendable, Equatable, CustomStringConvertible {
    /// The base URL, without a trailing slash.
    public let baseURL: URL

    /// Why an address was refused.
    public enum Rejection: Error, Equatable, Sendable, CustomStringConvertible {
        case notAURL(String)
        case unsupportedScheme(String)
        case plainHTTPToNonLoopbackHost(String)
        case credentialsInURL
        case queryOrFragment
        case missingHost

        public var description: String {
            switch self {
            case .notAURL(let text): return "not a URL: \(text)"
            case .unsupportedScheme(let scheme):
                return "unsupported scheme \(scheme): use https (or http to 127.0.0.1 / localhost)"
            case .plainHTTPToNonLoopbackHost(let host):
                return "plain http to \(host) is refused: payments go over https (http only to loopback)"
            case .credentialsInURL: return "a server URL must not carry a user name or password"
            case .queryOrFragment: return "a server URL must not carry a query or fragment"
            case .missingHost: return "the server URL has no host"
            }
        }
    }

    /// Validates `text` as a server base URL.
    public init(_ text: String) throws(Rejection) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .notAURL(text)
        }
        guard components.user == nil, components.password == nil else { throw .credentialsInURL }
        guard components.query == nil, components.fragment == nil else { throw .queryOrFragment }
        guard let host = components.host?.lowercased(), !host.isEmpty else { throw .missingHost }
        switch scheme {
        case "https": break
        case "http":
            guard Self.isLoopback(host) else { throw .plainHTTPToNonLoopbackHost(host) }
        default:
            throw .unsupportedScheme(scheme)
        }
        var trimmed = components
        while trimmed.path.hasSuffix("/") { trimmed.path.removeLast() }
        guard let url = trimmed.url else { throw .notAURL(text) }
        baseURL = url
    }

    /// Whether `host` names this machine: `localhost`, `127.0.0.0/8` or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "[::1]" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                && (Int(part) ?? 256) <= 255
        }
    }

    /// The URL of `path` (starting with `/`) with `query` items, percent-encoded.
    public func url(path: String, query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.percentEncodedPath = (components.percentEncodedPath) + path
        if !query.isEmpty {
            components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
            // `+` is a space to many servers: encode it.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        return components.url ?? baseURL
    }

    public var description: String { baseURL.absoluteString }
}
