import BookingAPI
import BookingPrimitives
import Foundation

/// A `Transport` on `RawHTTPConnection`, blocking its caller's thread for
/// each exchange: not for apps, only to split the end-to-end figure into
/// what URLSession costs and what the rest of the library costs.
final class RawSocketTransport: Transport, Sendable {
    private let connection: Locked<RawHTTPConnection>

    init(port: UInt16) throws {
        connection = Locked(try RawHTTPConnection(port: port))
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let target = request.url.path + (request.url.query.map { "?" + $0 } ?? "")
        let headers = request.headers.filter { $0.key.lowercased() != "content-type" }.map { ($0.key, $0.value) }
        do {
            let answer = try connection.withLock {
                try $0.send(request.method, target, headers: headers, body: request.body.map { Array($0) })
            }
            var fields: [String: String] = [:]
            for line in answer.headerLines {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            return TransportResponse(status: answer.status, headers: fields, body: Data(answer.body))
        } catch {
            throw TransportError(.connectionLost, "\(error)")
        }
    }
}
