import Foundation

/// What a handler answers: a status, headers and a body, or an instruction
/// to close the connection without answering (a lost response, for fault
/// injection).
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The header fields; the listener adds `Content-Length` and `Connection`.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data
    /// Whether to answer or drop the connection.
    public var disposition: Disposition

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), disposition: Disposition = .answer) {
        self.status = status
        self.headers = headers
        self.body = body
        self.disposition = disposition
    }

    /// A response that closes the connection without an answer.
    public static let dropped = HTTPResponse(status: 0, disposition: .dropConnection)
}

/// Answers requests. The sandbox implements it; the socket listener and the
/// in-process transport both call it.
public protocol HTTPHandler: Sendable {
    /// Handles one request. Never throws: every failure is a response.
    func handle(_ request: HTTPRequest) async -> HTTPResponse
}
