import BookingHTTPServer
import Foundation

/// Builds JSON responses with one encoder setup (sorted keys, no escaped slashes).
enum JSONResponse {
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every wire type encodes; a failure would be a bug, answered as a 500 body.
        return (try? encoder.encode(value))
            ?? Data(#"{"error":{"code":"INTERNAL_ERROR","message":"The response could not be encoded."}}"#.utf8)
    }

    static func text(_ value: some Encodable) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }

    static func make(status: Int, _ value: some Encodable) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: encode(value))
    }

    static func decode<T: Decodable>(_ type: T.Type, from data: Data) -> T? {
        try? JSONDecoder().decode(type, from: data)
    }
}
