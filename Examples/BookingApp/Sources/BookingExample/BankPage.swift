import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sandbox bank's 3-D Secure page, answered as a browser would: its
/// form posts `result=pass`, and the bank sends the user back to the app's
/// return link (`Configuration.challengeReturnURL`) with a redirect, which
/// on a phone the system hands to the app as a universal link.
enum BankPage {
    /// Answers the page at `url`; returns the link the bank sent the user back to.
    static func complete(_ url: String) async throws -> String {
        guard let target = URL(string: url) else { throw URLError(.badURL) }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("result=pass".utf8)
        let session = URLSession(configuration: .ephemeral, delegate: StayOnThePage(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse, (300..<400).contains(http.statusCode),
            let location = http.value(forHTTPHeaderField: "Location")
        else { throw URLError(.badServerResponse) }
        return location
    }

    /// Keeps the redirect as the answer instead of following it: the link
    /// is the app's to open, not the browser's.
    private final class StayOnThePage: NSObject, URLSessionTaskDelegate {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }
}
