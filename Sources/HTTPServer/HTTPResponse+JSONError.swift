import Foundation

extension HTTPResponse {
    /// A JSON error response, `{"error":{"code":"…","message":"…"}}`, with
    /// `Content-Type: application/json`: the shape every error of the
    /// listener (and of the contract) has.
    public static func jsonError(status: Int, code: String, message: String) -> HTTPResponse {
        let json = "{\"error\":{\"code\":\(jsonString(code)),\"message\":\(jsonString(message))}}"
        return HTTPResponse(
            status: status,
            headers: ["Content-Type": "application/json"],
            body: Data(json.utf8)
        )
    }

    /// `text` as a JSON string literal, quotes included.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
