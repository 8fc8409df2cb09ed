import BookingHTTPServer
import BookingSandbox
import Foundation

/// Flips a sandbox's payment-method switch and reads its server-side
/// counts, as an operator would: `POST /v1/sandbox/payment-methods` and
/// `GET /sandbox/stats.json`, through the handler.
package struct PaymentMethodSwitchControl: Sendable {
    let handler: SandboxHandler

    /// The control of `handler`'s switch.
    package init(_ handler: SandboxHandler) {
        self.handler = handler
    }

    /// Switches `kind` on, or off with `reason`; returns the HTTP status.
    @discardableResult
    package func set(_ kind: String, enabled: Bool, reason: String? = nil) async throws -> Int {
        var body: [String: Any] = ["kind": kind, "enabled": enabled]
        if let reason { body["reason"] = reason }
        let response = await handler.handle(
            HTTPRequest(
                method: "POST", target: "/v1/sandbox/payment-methods",
                headers: ["Authorization": "Bearer sk_test_operator", "Content-Type": "application/json"],
                body: try JSONSerialization.data(withJSONObject: body)))
        return response.status
    }

    /// `/sandbox/stats.json`'s row of `kind` (`all` for the totals).
    package func stats(_ kind: String) async throws -> [String: Any] {
        let response = await handler.handle(HTTPRequest(method: "GET", target: "/sandbox/stats.json"))
        let rows = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
        return rows.first { $0["kind"] as? String == kind } ?? [:]
    }

    /// The endpoints of the stored idempotent answers (one per keyed POST that ran).
    package func keyedEndpoints() async throws -> [String] {
        let response = await handler.handle(HTTPRequest(method: "GET", target: "/sandbox/idempotency.json"))
        let rows = try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]] ?? []
        return rows.compactMap { $0["endpoint"] as? String }
    }
}
