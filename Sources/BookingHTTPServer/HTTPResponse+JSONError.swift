import BookingPrimitives
import Foundation

extension HTTPResponse {
    /// A JSON error response, `{"error":{"code":"…","message":"…"}}`, with
    /// `Content-Type: application/json`: the shape every error of the
    /// listener (and of the contract) has.
    public static func jsonError(status: Int, code: String, message: String) -> HTTPResponse {
        let json = "{\"error\":{\"code\":\(JSONText.quoted(code)),\"message\":\(JSONText.quoted(message))}}"
        return HTTPResponse(
            status: status,
            headers: ["Content-Type": "application/json"],
            body: Data(json.utf8)
        )
    }
}
