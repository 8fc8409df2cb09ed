/// The sandbox's pages for people (everything outside `/v1/`): the
/// dashboard and its JSON, the OpenAPI document, the 3-D Secure page.
enum WebRoute: Equatable, Sendable {
    /// `GET /`: the dashboard.
    case dashboard
    /// `GET /sandbox/<section>.json`: one dashboard section as JSON.
    case dashboardSection(DashboardSection)
    /// `GET /openapi.yaml`: the contract.
    case openAPI
    /// `GET /sandbox/3ds/{bookingId}`: the challenge page.
    case challengePage(bookingId: String)
    /// `POST /sandbox/3ds/{bookingId}` with `result=pass|fail`: its answer.
    case challengeAnswer(bookingId: String)

    /// Whether `path` belongs to the pages rather than the REST API.
    static func owns(_ path: Substring) -> Bool { path != "/v1" && !path.hasPrefix("/v1/") }

    /// The route for `method` and `target`. Pages take no query string
    /// (the form's answer comes in the body): one is not found, as is any
    /// other path.
    static func match(method: String, target: String) -> Result<WebRoute, Route.Mismatch> {
        guard !target.contains("?"), !target.contains("#") else { return .failure(.notFound) }
        let segments = target.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
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
        case let parts where parts.count == 3 && parts[0] == "sandbox" && parts[1] == "3ds":
            guard Identifier.isValid(parts[2], prefix: Identifier.booking) else { return .failure(.notFound) }
            candidates = [
                ("GET", .challengePage(bookingId: parts[2])), ("POST", .challengeAnswer(bookingId: parts[2])),
            ]
        default: return .failure(.notFound)
        }
        if let match = candidates.first(where: { $0.method == method }) { return .success(match.route) }
        return .failure(.methodNotAllowed(allow: candidates.map(\.method).joined(separator: ", ")))
    }
}
