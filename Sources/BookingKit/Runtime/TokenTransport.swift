/// Signs each request with a token asked for just before it leaves.
struct TokenTransport: Transport {
    let base: any Transport
    let token: @Sendable () async throws -> String
    let logger: Logger

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var request = request
        do {
            request.headers["Authorization"] = "Bearer \(try await token())"
        } catch {
            logger.warning("the token provider failed; the request leaves unsigned", error: error)
            request.headers["Authorization"] = nil
        }
        return try await base.send(request)
    }
}
