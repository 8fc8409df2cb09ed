import BookingHTTPServer
import Foundation
import Testing

/// Parses `text` in one go with the given limits.
private func parse(
    _ text: String,
    maxRequestLineBytes: Int = 8_192,
    maxHeaderBytes: Int = 32_768,
    maxBodyBytes: Int = 1_048_576
) -> HTTPRequestParser.Outcome {
    var parser = HTTPRequestParser(
        maxRequestLineBytes: maxRequestLineBytes, maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    return parser.parse(Array(text.utf8))
}

private func error(_ outcome: HTTPRequestParser.Outcome) -> HTTPParseError? {
    if case .error(let error) = outcome { error } else { nil }
}

@Suite struct HTTPRequestParserTests {
    @Test func parsesASimpleGet() {
        let text = "GET /v1/offers?placeId=lis HTTP/1.1\r\nHost: x\r\nAccept: */*\r\n\r\n"
        let expected = HTTPRequest(
            method: "GET", target: "/v1/offers?placeId=lis", headers: ["Host": "x", "Accept": "*/*"])
        #expect(parse(text) == .request(expected, consumed: text.utf8.count))
    }

    @Test func readsTheBodyByContentLengthAndLeavesTheRest() {
        let text = "POST /v1/holds HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET"
        guard case .request(let request, let consumed) = parse(text) else {
            Issue.record("no request")
            return
        }
        #expect(request.body == Data("hello".utf8))
        #expect(consumed == text.utf8.count - 3)
    }

    @Test func needsMoreUntilTheHeadAndBodyAreComplete() {
        let bytes = Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc".utf8)
        var parser = HTTPRequestParser()
        for end in 0..<bytes.count {
            #expect(parser.parse(Array(bytes[..<end])) == .needMore, "after \(end) bytes")
        }
        guard case .request(let request, let consumed) = parser.parse(bytes) else {
            Issue.record("no request")
            return
        }
        #expect(request.body == Data("abc".utf8))
        #expect(consumed == bytes.count)
    }

    @Test func pipelinedRequestsComeOutOneAtATimeInOrder() {
        var buffer = Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        var parser = HTTPRequestParser()
        var targets: [String] = []
        while case .request(let request, let consumed) = parser.parse(buffer) {
            targets.append(request.target)
            buffer.removeFirst(consumed)
        }
        #expect(targets == ["/a", "/b"])
        #expect(buffer.isEmpty)
    }

    @Test func trimsOptionalWhitespaceAroundValuesAndKeepsOrder() {
        guard case .request(let request, _) = parse("GET / HTTP/1.1\r\nHost:x\r\nX-A: \t one two \t\r\nx-a: 2\r\n\r\n")
        else {
            Issue.record("no request")
            return
        }
        #expect(request.headers["x-a"] == "one two")
        #expect(request.headers.fields.map(\.value) == ["x", "one two", "2"])
    }

    @Test func ignoresOneEmptyLineBeforeTheRequestLine() {
        guard case .request(let request, let consumed) = parse("\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n") else {
            Issue.record("no request")
            return
        }
        #expect(request.target == "/")
        #expect(consumed == 29)
    }

    @Test func rewritesAbsoluteFormToOriginForm() {
        #expect(HTTPRequestParserTestsSupport.target("GET http://h:8/a/b?c=d HTTP/1.1") == "/a/b?c=d")
        #expect(HTTPRequestParserTestsSupport.target("GET HTTPS://h HTTP/1.1") == "/")
        #expect(HTTPRequestParserTestsSupport.target("GET http://h?q=1 HTTP/1.1") == "/?q=1")
        #expect(HTTPRequestParserTestsSupport.target("OPTIONS * HTTP/1.1") == "*")
    }

    /// The host an absolute-form target names is kept for the handler (it
    /// was dropped: a proxy-style request for another host read as one for
    /// this server); a target with no host or with user information is refused.
    @Test func keepsTheAuthorityOfAnAbsoluteFormTargetAndRefusesOneWithoutAHost() {
        func parsed(_ requestLine: String) -> HTTPRequest? {
            var parser = HTTPRequestParser()
            if case .request(let request, _) = parser.parse(Array((requestLine + "\r\nHost: h\r\n\r\n").utf8)) {
                return request
            }
            return nil
        }
        #expect(parsed("GET http://bank.example:8/a?b=c HTTP/1.1")?.absoluteFormAuthority == "bank.example:8")
        #expect(parsed("GET https://h?q=1 HTTP/1.1")?.absoluteFormAuthority == "h")
        #expect(parsed("GET /a HTTP/1.1")?.absoluteFormAuthority == nil)
        #expect(parsed("GET http:///a HTTP/1.1") == nil)
        #expect(parsed("GET http://user@bank.example/a HTTP/1.1") == nil)
    }

    @Test func reportsTheVersionAndServesHigherMinorVersionsAsHTTP11() {
        var parser = HTTPRequestParser()
        _ = parser.parse(Array("GET / HTTP/1.0\r\n\r\n".utf8))
        #expect(parser.lastRequestVersion == .http1_0)
        _ = parser.parse(Array("GET / HTTP/1.7\r\nHost: x\r\n\r\n".utf8))
        #expect(parser.lastRequestVersion == .http1_1)
    }

    @Test func flagsExpect100ContinueWhileTheBodyIsMissing() {
        var parser = HTTPRequestParser()
        let head = "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        #expect(parser.parse(Array(head.utf8)) == .needMore)
        #expect(parser.expectsContinue)
        guard case .request = parser.parse(Array((head + "ok").utf8)) else {
            Issue.record("no request")
            return
        }
        #expect(!parser.expectsContinue)
    }

    @Test(arguments: [
        "GET /\r\n\r\n",
        "GET  / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1 \r\n\r\n",
        "GET / extra HTTP/1.1\r\n\r\n",
        " GET / HTTP/1.1\r\n\r\n",
        "G(T / HTTP/1.1\r\n\r\n",
        "GET noslash HTTP/1.1\r\n\r\n",
        "GET * HTTP/1.1\r\n\r\n",
        "GET /a#frag HTTP/1.1\r\n\r\n",
        "GET /\u{7F} HTTP/1.1\r\n\r\n",
        "GET / http/1.1\r\n\r\n",
        "GET / HTTP/1.10\r\n\r\n",
        "GET / HTTP/1\r\n\r\n",
        "GET / HTTP/1.1\n\n",
        "GET /\r HTTP/1.1\r\n\r\n",
        "\u{16}\u{03}\u{01}",
        "\r\n\r\nGET / HTTP/1.1\r\n\r\n",
    ])
    func malformedRequestLinesAre400(_ text: String) {
        #expect(error(parse(text)) == .malformedRequestLine)
    }

    @Test(arguments: ["GET / HTTP/2.0\r\n\r\n", "GET / HTTP/0.9\r\n\r\n", "GET / HTTP/3.0\r\n"])
    func otherMajorVersionsAre505(_ text: String) {
        #expect(error(parse(text)) == .versionNotSupported)
    }

    @Test func aRequestLineOverTheLimitIs414EvenBeforeItEnds() {
        let long = "GET /" + String(repeating: "a", count: 100) + " HTTP/1.1"
        #expect(error(parse(long + "\r\nHost: x\r\n\r\n", maxRequestLineBytes: 50)) == .requestLineTooLong)
        #expect(error(parse(long, maxRequestLineBytes: 50)) == .requestLineTooLong)
        let exact = "GET /" + String(repeating: "a", count: 36) + " HTTP/1.1"  // 50 bytes
        guard case .request = parse(exact + "\r\nHost: x\r\n\r\n", maxRequestLineBytes: 50) else {
            Issue.record("a line at the limit is refused")
            return
        }
        #expect(parse(String(exact.dropLast()), maxRequestLineBytes: 50) == .needMore)
    }

    @Test(arguments: [
        "NoColon\r\n",
        "Name : value\r\n",
        ": value\r\n",
        "Na me: value\r\n",
        " folded: value\r\n",
        "X: a\r\n continued\r\n",
        "X: a\u{0}b\r\n",
        "X: a\rb\r\n",
        "X: a\u{7F}\r\n",
        "X: a\n",
    ])
    func malformedHeaderLinesAre400(_ line: String) {
        #expect(error(parse("GET / HTTP/1.1\r\nHost: x\r\n" + line + "\r\n")) == .malformedHeader)
    }

    @Test func headersOverTheLimitAre431CompleteOrNot() {
        let big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 200) + "\r\n"
        #expect(error(parse(big + "\r\n", maxHeaderBytes: 100)) == .headersTooLarge)
        #expect(error(parse(big, maxHeaderBytes: 100)) == .headersTooLarge)
        #expect(error(parse(String(big.prefix(150)), maxHeaderBytes: 100)) == .headersTooLarge)
        guard case .request = parse(big + "\r\n", maxHeaderBytes: 300) else {
            Issue.record("headers under the limit are refused")
            return
        }
    }

    @Test(arguments: ["abc", "-1", "+5", "1 2", "5,5", "0x10", "", "1.0"])
    func badContentLengthIs400(_ value: String) {
        #expect(error(parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(value)\r\n\r\n")) == .invalidContentLength)
    }

    @Test func repeatedContentLengthMustAgree() {
        let differing = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"
        #expect(error(parse(differing)) == .invalidContentLength)
        let same = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\ncontent-length: 02\r\n\r\nab"
        guard case .request(let request, _) = parse(same) else {
            Issue.record("agreeing lengths refused")
            return
        }
        #expect(request.body == Data("ab".utf8))
    }

    @Test(arguments: ["11", "99999999999999999999999999999999"])
    func aBodyOverTheLimitIs413BeforeItArrives(_ length: String) {
        let text = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n"
        #expect(error(parse(text, maxBodyBytes: 10)) == .bodyTooLarge)
    }

    @Test(arguments: ["chunked", "gzip, chunked", "identity"])
    func anyTransferEncodingIs501(_ coding: String) {
        let text = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n\r\n0\r\n\r\n"
        #expect(error(parse(text)) == .transferEncodingNotSupported)
    }

    @Test func http11NeedsExactlyOneHostAndHttp10None() {
        #expect(error(parse("GET / HTTP/1.1\r\n\r\n")) == .invalidHost)
        #expect(error(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")) == .invalidHost)
        #expect(error(parse("GET / HTTP/1.0\r\nHost: a\r\nhost: b\r\n\r\n")) == .invalidHost)
        guard case .request = parse("GET / HTTP/1.0\r\n\r\n") else {
            Issue.record("HTTP/1.0 without Host refused")
            return
        }
    }

    @Test func everyErrorHasItsStatusAndCode() {
        let expected: [HTTPParseError: (Int, String)] = [
            .malformedRequestLine: (400, "BAD_REQUEST"), .malformedHeader: (400, "BAD_REQUEST"),
            .invalidHost: (400, "BAD_REQUEST"), .invalidContentLength: (400, "BAD_REQUEST"),
            .requestLineTooLong: (414, "URI_TOO_LONG"), .versionNotSupported: (505, "HTTP_VERSION_NOT_SUPPORTED"),
            .headersTooLarge: (431, "HEADERS_TOO_LARGE"), .bodyTooLarge: (413, "PAYLOAD_TOO_LARGE"),
            .transferEncodingNotSupported: (501, "NOT_IMPLEMENTED"),
        ]
        for error in HTTPParseError.allCases {
            #expect(error.status == expected[error]?.0)
            #expect(error.code == expected[error]?.1)
            #expect(error.response.status == error.status)
            #expect(error.response.headers["Content-Type"] == "application/json")
        }
    }

    @Test func aShorterBufferResetsTheParserInsteadOfCrashing() {
        var parser = HTTPRequestParser()
        #expect(parser.parse(Array("GET / HTTP/1.1\r\nHost: x\r\nX-Long: abcdef".utf8)) == .needMore)
        guard case .request(let request, _) = parser.parse(Array("GET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) else {
            Issue.record("no request after reset")
            return
        }
        #expect(request.target == "/b")
    }
}

enum HTTPRequestParserTestsSupport {
    /// The target the parser makes of `requestLine`.
    static func target(_ requestLine: String) -> String? {
        var parser = HTTPRequestParser()
        if case .request(let request, _) = parser.parse(Array((requestLine + "\r\nHost: h\r\n\r\n").utf8)) {
            return request.target
        }
        return nil
    }
}
