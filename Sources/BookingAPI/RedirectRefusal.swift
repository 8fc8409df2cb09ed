import Foundation

/// The delegate of every API session: it refuses every redirect, so the 3xx
/// itself comes back as the answer.
///
/// The contract has no redirects. A followed one would carry the bearer token
/// (and the Idempotency-Key) to whatever origin `Location` names, plain http
/// to any host included, which `ServerAddress` refuses; and a redirected POST
/// loses its body, so a payment's answer would be about another request.
final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    /// The one instance (it holds no state).
    static let shared = RedirectRefusal()

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
