import BookingCore
import BookingHTTPServer
import BookingSQLite
import Foundation

extension SandboxHandler {
    /// The pages for people (everything outside `/v1/`): HTML or JSON,
    /// answered only under a loopback `Host` (or the listener's address, as
    /// the API), never faulted. A wrong path,
    /// a query string or a bad answer gets an error page and changes nothing.
    func handlePage(_ request: HTTPRequest) async -> HTTPResponse {
        guard let origin = origin(of: request) else {
            return HTML.errorPage(
                status: 421, title: "Wrong host", message: "The sandbox answers under 127.0.0.1 or localhost only.")
        }
        let route: WebRoute
        switch WebRoute.match(method: request.method, target: request.target) {
        case .success(let matched): route = matched
        case .failure(.notFound):
            return HTML.errorPage(status: 404, title: "Not found", message: "There is no page at this address.")
        case .failure(.methodNotAllowed(let allow)):
            var response = HTML.errorPage(
                status: 405, title: "Method not allowed", message: "Use \(allow) for this page.")
            response.headers["Allow"] = allow
            return response
        }
        do {
            return try await page(route, request: request, origin: origin)
        } catch let error as APIError {
            return HTML.errorPage(
                status: error.status, title: Self.pageTitle(error.status), message: error.detail.message)
        } catch {
            return HTML.errorPage(
                status: 500, title: "Sandbox error", message: "The sandbox failed to handle the request.")
        }
    }

    private func page(_ route: WebRoute, request: HTTPRequest, origin: SandboxOrigin) async throws -> HTTPResponse {
        switch route {
        case .dashboard:
            return DashboardPage.response(try dashboard())
        case .dashboardSection(let section):
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
                body: try dashboard().json(section))
        case .openAPI:
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/yaml; charset=utf-8"],
                body: Data(EmbeddedOpenAPI.document.utf8))
        case .challengePage(let id, let token):
            let account = try pageAccount(request)
            return try database.transaction { db in
                let (booking, hold) = try pendingChallenge(id, token: token, account: account, db: db, now: now)
                return ChallengePage.form(booking, hold: hold)
            }
        case .challengeAnswer(let id, let token):
            try checkSameOrigin(request, origin: origin)
            guard let pass = ChallengePage.result(from: Array(request.body.prefix(64))), request.body.count <= 64 else {
                throw APIError(
                    status: 400, code: "VALIDATION_ERROR", message: "Answer with the page's Complete or Fail button.")
            }
            let account = try pageAccount(request)
            return try await performRead(faults: FaultSet(faults: [])) { db, now in
                guard let booking = try BookingRecord.load(db, id: id), account == nil || booking.account == account,
                    booking.isChallengeToken(token)
                else {
                    throw APIError.notFound("This payment")
                }
                return ChallengePage.answered(try answerChallenge(booking, pass: pass, db: db, now: now), passed: pass)
            }
        }
    }

    private func dashboard() throws -> Dashboard {
        let now = self.now
        let cohorts = self.cohorts
        var dashboard = try database.transaction { db in
            var dashboard = try Dashboard.load(db, now: now, configuration: configuration)
            dashboard.cohorts = try CohortRow.rows(cohorts, db)
            return dashboard
        }
        dashboard.stats = PaymentMethodRow.rows(
            switch: paymentMethodSwitch, stats: paymentMethodStats, guardrail: guardrail)
        return dashboard
    }

    /// The booking and hold of a challenge still waiting, read without
    /// changing anything: 404 for an unknown booking (or another account's,
    /// or another token than the booking's), 409 for one not waiting
    /// (answered, or its hold ran out).
    private func pendingChallenge(_ id: String, token: String, account: String?, db: BookingSQLite.Database, now: Int64)
        throws -> (BookingRecord, HoldRecord)
    {
        guard let booking = try BookingRecord.load(db, id: id), account == nil || booking.account == account,
            booking.isChallengeToken(token),
            let hold = try HoldRecord.load(db, id: booking.holdId, account: booking.account)
        else { throw APIError.notFound("This payment") }
        guard booking.state == .actionRequired, !hold.isExpired(now: now) else {
            let state = booking.state == .actionRequired ? BookingStatus.expired : booking.state
            throw APIError(
                status: 409, code: "CHALLENGE_NOT_PENDING",
                message: "This payment is not waiting for 3-D Secure (it is \(state.rawValue)).")
        }
        return (booking, hold)
    }

    /// A browser opens the page without a key: the URL's token, drawn with
    /// the booking, is the capability. A request that does send a key sees
    /// only its account's.
    private func pageAccount(_ request: HTTPRequest) throws -> String? {
        request.headers["Authorization"] == nil ? nil : try authenticate(request)
    }

    /// The answer must come from the page itself: a browser's `Origin` (or
    /// `Sec-Fetch-Site`) naming another site is refused (403), so no other
    /// page can complete or fail a payment.
    private func checkSameOrigin(_ request: HTTPRequest, origin: SandboxOrigin) throws {
        if let sent = request.headers["Origin"], sent.lowercased() != origin.url {
            throw APIError(status: 403, code: "FORBIDDEN", message: "The answer must come from the sandbox's own page.")
        }
        if let site = request.headers["Sec-Fetch-Site"], !["same-origin", "none"].contains(site.lowercased()) {
            throw APIError(status: 403, code: "FORBIDDEN", message: "The answer must come from the sandbox's own page.")
        }
    }

    private static func pageTitle(_ status: Int) -> String {
        switch status {
        case 400: return "Bad request"
        case 401: return "Unknown key"
        case 403: return "Forbidden"
        case 404: return "Not found"
        case 409: return "Already answered"
        default: return "Sandbox error"
        }
    }
}
