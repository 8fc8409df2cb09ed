import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests over Foundation's URLSession (the one file that needs
/// FoundationNetworking on Linux).
enum URLSessionClient {
    struct Reply: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    /// A session without caches or cookies; its timeout only guards against
    /// a hang (a loaded machine has taken over 10 s to answer).
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 60
        configuration.connectionProxyDictionary = [:]
        return URLSession(configuration: configuration)
    }()

    /// Sends one request to 127.0.0.1:`port`.
    static func send(
        port: UInt16, path: String, method: String = "GET", body: Data? = nil, headers: [String: String] = [:]
    ) async throws -> Reply {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return Reply(status: http.statusCode, headers: fields, body: data)
    }
}
