import BookingPrimitives
import Foundation

/// An opaque page cursor: the position in a list, bound to the query it
/// came from (a cursor from another query is refused with 400 INVALID_CURSOR).
enum Cursor {
    static func make(query: String, offset: Int) -> String {
        let text = "c1.\(Identifier.hex(SplitMix64.stableHash(query))).\(offset)"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The offset in `cursor`, which must come from `query`.
    static func offset(_ cursor: String, query: String) throws(APIError) -> Int {
        let invalid = APIError(
            status: 400, code: "INVALID_CURSOR", message: "The cursor is not one this list gave out.")
        guard cursor.utf8.count <= 128 else { throw invalid }
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.utf8.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else {
            throw invalid
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "c1", parts[1] == Identifier.hex(SplitMix64.stableHash(query)),
            parts[2].count <= 6, parts[2].allSatisfy({ $0.isASCII && $0.isNumber }), let offset = Int(parts[2])
        else { throw invalid }
        return offset
    }
}
