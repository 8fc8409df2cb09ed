import Foundation

/// The `returnUrl` a client sends with a payment: where the sandbox's
/// 3-D Secure page sends the browser after its answer (a 303). An https
/// link or an app's own scheme (`myapp://...`), printable ASCII only (so it
/// can never split the `Location` header), at most 512 bytes; never
/// `javascript:`, `data:`, `file:` or plain `http:`. `{bookingId}` in it is
/// replaced by the booking's id when the page redirects.
enum ReturnURL {
    /// The longest return URL accepted, in bytes.
    static let maximumLength = 512
    /// The placeholder replaced by the booking's id.
    static let placeholder = "{bookingId}"
    private static let refusedSchemes: Set<String> = [
        "http", "javascript", "data", "file", "vbscript", "blob", "about",
    ]

    /// Whether `text` is an acceptable return URL.
    static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard (1...maximumLength).contains(bytes.count), bytes.allSatisfy({ (0x21...0x7E).contains($0) }),
            let separator = text.range(of: "://")
        else { return false }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return false }
        return !refusedSchemes.contains(scheme.lowercased()) && separator.upperBound < text.endIndex
    }

    /// `template` with its placeholder replaced by `bookingId`.
    static func resolve(_ template: String, bookingId: String) -> String {
        template.replacingOccurrences(of: placeholder, with: bookingId)
    }
}
