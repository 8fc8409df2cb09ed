import BookingPrimitives
import Foundation

/// A validated base URL of the booking API.
///
/// HTTPS anywhere; plain HTTP only to a loopback address (the sandbox on
/// this machine). A URL with credentials, a query or a fragment is refused,
/// and so is a port outside 1-65535. The scheme and host are read
/// case-insensitively (RFC 3986 §3.1, §3.2.2) and kept lower-case, so
/// `HTTP://LOCALHOST:8080` is `http://localhost:8080`. An IPv6 literal
/// (`http://[::1]:8080`) is refused where the platform's URLSession cannot
/// connect to one (`Platform.connectsToIPv6Literals`).

package struct ServerAddress: Sendable, Equatable, CustomStringConvertible {
    /// The base URL, without a trailing slash.
    package let baseURL: URL

    /// Why an address was refused.
    package enum Rejection: Error, Equatable, Sendable, CustomStringConvertible {
        case notAURL(String)
        case unsupportedScheme(String)
        case plainHTTPToNonLoopbackHost(String)
        case credentialsInURL
        case queryOrFragment
        case missingHost
        /// A port that is not a number from 1 to 65535.
        case badPort(String)
        /// An IPv6 literal host, which this platform's URLSession cannot reach.
        case ipv6LiteralUnsupported(String)

        package var description: String {
            switch self {
            case .notAURL(let text): return "not a URL: \(text)"
            case .unsupportedScheme(let scheme):
                return "unsupported scheme \(scheme): use https (or http to 127.0.0.1 / localhost)"
            case .plainHTTPToNonLoopbackHost(let host):
                return "plain http to \(host) is refused: payments go over https (http only to loopback)"
            case .credentialsInURL: return "a server URL must not carry a user name or password"
            case .queryOrFragment: return "a server URL must not carry a query or fragment"
            case .missingHost: return "the server URL has no host"
            case .badPort(let port): return "the port \(port) is not a number from 1 to 65535"
            case .ipv6LiteralUnsupported(let host):
                return
                    "the IPv6 address \(host) cannot be reached from this platform's URLSession: use a name or an IPv4 address (http://127.0.0.1:PORT on this machine)"
            }
        }
    }

    /// Validates `text` as a server base URL.
    package init(_ text: String) throws(Rejection) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw .notAURL(text)
        }
        guard components.user == nil, components.password == nil else { throw .credentialsInURL }
        guard components.query == nil, components.fragment == nil else { throw .queryOrFragment }
        guard let host = components.host?.lowercased(), !host.isEmpty else { throw .missingHost }
        if let range = components.rangeOfPort {
            let port = String(text[range])
            guard port.utf8.count <= 5, port.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(port),
                (1...65_535).contains(number)
            else { throw .badPort(port) }
        }
        let isIPv6 = host.contains(":")
        if isIPv6 && !Platform.connectsToIPv6Literals { throw .ipv6LiteralUnsupported(host) }
        switch scheme {
        case "https": break
        case "http":
            guard Self.isLoopback(host) else { throw .plainHTTPToNonLoopbackHost(host) }
        default:
            throw .unsupportedScheme(scheme)
        }
        var trimmed = components
        trimmed.scheme = scheme
        if !isIPv6, components.host != host { trimmed.host = host }
        while trimmed.path.hasSuffix("/") { trimmed.path.removeLast() }
        guard let url = trimmed.url else { throw .notAURL(text) }
        baseURL = url
    }

    /// Whether `host` names this machine: `localhost`, `127.0.0.0/8` or `::1`.
    package static func isLoopback(_ host: String) -> Bool {
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
    package func url(path: String, query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.percentEncodedPath = (components.percentEncodedPath) + path
        if !query.isEmpty {
            components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
            // `+` is a space to many servers: encode it.
            components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        }
        return components.url ?? baseURL
    }

    package var description: String { baseURL.absoluteString }

    /// The server's name in a data directory (`DataSpace.server`): host,
    /// port (the scheme's default when none is written) and path, so
    /// `https://api.example.com/v1` is `api.example.com:443/v1`.
    package var spaceName: String {
        let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        let host = components?.percentEncodedHost ?? description
        let port = components?.port ?? (baseURL.scheme == "https" ? 443 : 80)
        return DataSpace.server(host: host, port: port, path: components?.percentEncodedPath ?? "")
    }

    /// `scheme://host[:port]`, without the base URL's path: the origin a
    /// server document must name.
    package var origin: String {
        guard let components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false),
            let scheme = components.scheme, let host = components.percentEncodedHost
        else { return description }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}
