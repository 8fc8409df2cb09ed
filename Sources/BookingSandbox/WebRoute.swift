/// The sandbox's pages for people (everything outside `/v1/`): the
/// dashboard and its JSON, the OpenAPI document, the 3-D Secure page.
enum WebRoute: Equatable, Sendable {
    /// `GET /`: the dashboard.
    case dashboard
    /// `GET /sandbox/<section>.json`: one dashboard section as JSON.
    case dashboardSection(DashboardSection)
    /// `GET /openapi.yaml`: the contract.
    case openAPI
    /// `GET /sandbox/3ds/{bookingId}?token={token}`: the challenge page.
    case challengePage(bookingId: String, token: String)
    /// `POST /sandbox/3ds/{bookingId}?token={token}` with `result=pass|fail`: its answer.
    case challengeAnswer(bookingId: String, token: String)

    /// Whether `path` belongs to the pages rather than the REST API.
    static func owns(_ path: Substring) -> Bool { path != "/v1" && !path.hasPrefix("/v1/") }

    /// The route for `method` and `target`. Pages take no query string
    /// (the form's answer comes in the body) but the challenge page's,
    /// which is exactly `token=` and 32 lowercase hex digits: any other
    /// query, or none there, is not found, as is any other path.
    static func match(method: String, target: String) -> Result<WebRoute, Route.Mismatch> {
        guard !target.contains("#") else { return .failure(.notFound) }
        let pieces = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = pieces.count == 2 ? pieces[1] : nil
        let segments = pieces[0].split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let isChallenge = segments.count == 3 && segments[0] == "sandbox" && segments[1] == "3ds"
        guard query == nil || isChallenge else { return .failure(.notFound) }
        let candidates: [(method: String, route: WebRoute)]
        switch segments {
        case [""]: candidates = [("GET", .dashboard)]
        case ["openapi.yaml"]: candidates = [("GET", .openAPI)]
        case let parts where parts.count == 2 && parts[0] == "sandbox":
            guard parts[1].hasSuffix(".json"), let section = DashboardSection(rawValue: String(parts[1].dropLast(5)))
            else {
                return .failure(.notFound)
            }
            candidates = [("GET", .dashboardSection(section))]
        case let parts where isChallenge:
            guard Identifier.isValid(parts[2], prefix: Identifier.booking), let token = challengeToken(query) else {
                return .failure(.notFound)
            }
            candidates = [
                ("GET", .challengePage(bookingId: parts[2], token: token)),
                ("POST", .challengeAnswer(bookingId: parts[2], token: token)),
            ]
        default: return .failure(.notFound)
        }
        if let match = candidates.first(where: { $0.method == method }) { return .success(match.route) }
        return .failure(.methodNotAllowed(allow: candidates.map(\.method).joined(separator: ", ")))
    }

    /// The token of a challenge page's query `token=<32 lowercase hex digits>`, else nil.
    private static func challengeToken(_ query: Substring?) -> String? {
        guard let query, query.hasPrefix("token=") else { return nil }
        let token = query.dropFirst("token=".count)
        guard token.utf8.count == 32, token.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        return String(token)
    }
}
