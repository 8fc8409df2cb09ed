import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sandbox bank's 3-D Secure page, answered as a browser would: its
/// form posts `result=pass`.
enum BankPage {
    static func complete(_ url: String) async throws {
        guard let target = URL(string: url) else { throw URLError(.badURL) }
        var request = URLRequest(url: target)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("result=pass".utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    }
}
