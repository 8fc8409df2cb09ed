import BookingHTTPServer
import Foundation
import Testing

private func text(_ response: HTTPResponse, keepAlive: Bool = true, head: Bool = false) -> String {
    String(
        decoding: HTTPResponseSerializer.serialize(
            response, keepAlive: keepAlive, isHeadResponse: head, date: Date(timeIntervalSince1970: 784_111_777)),
        as: UTF8.self)
}

@Suite struct HTTPResponseSerializerTests {
    @Test func writesStatusLineHeadersLengthConnectionAndBody() {
        let response = HTTPResponse(status: 201, headers: ["Content-Type": "text/plain"], body: Data("hi".utf8))
        #expect(
            text(response)
                == "HTTP/1.1 201 Created\r\nContent-Type: text/plain\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n"
                + "Content-Length: 2\r\nConnection: keep-alive\r\n\r\nhi")
        #expect(text(response, keepAlive: false).contains("\r\nConnection: close\r\n"))
    }

    @Test func replacesFramingFieldsTheHandlerSet() {
        let response = HTTPResponse(
            status: 200,
            headers: ["Content-Length": "99", "Transfer-Encoding": "chunked", "Connection": "upgrade"],
            body: Data("abc".utf8))
        let written = text(response, keepAlive: false)
        #expect(!written.contains("Length: 99") && !written.contains("chunked") && !written.contains("upgrade"))
        #expect(written.contains("Content-Length: 3\r\n"))
    }

    @Test func dropsFieldsThatWouldSplitTheResponse() {
        let response = HTTPResponse(
            status: 200, headers: ["X-Evil": "a\r\nSet-Cookie: x", "Bad Name": "v", "X-Fine": "ok"])
        let written = text(response)
        #expect(!written.contains("Set-Cookie") && !written.contains("Bad Name"))
        #expect(written.contains("X-Fine: ok\r\n"))
    }

    @Test func keepsTheHandlersDateAndCanLeaveDateOut() {
        let own = HTTPResponse(status: 200, headers: ["Date": "Mon, 01 Jan 2024 00:00:00 GMT"])
        #expect(text(own).components(separatedBy: "Date:").count == 2)
        let none = HTTPResponseSerializer.serialize(HTTPResponse(status: 200), keepAlive: true, date: nil)
        #expect(!String(decoding: none, as: UTF8.self).contains("Date:"))
    }

    @Test func headAnswersCarryTheLengthButNoBody() {
        let written = text(HTTPResponse(status: 200, body: Data("abcd".utf8)), head: true)
        #expect(written.hasSuffix("Content-Length: 4\r\nConnection: keep-alive\r\n\r\n"))
    }

    @Test func noContentAndNotModifiedHaveNoLengthOrBody() {
        for status in [204, 304] {
            let written = text(HTTPResponse(status: status, body: Data("x".utf8)))
            #expect(!written.contains("Content-Length") && written.hasSuffix("\r\n\r\n"))
        }
    }

    @Test func unknownAndInvalidStatusCodes() {
        #expect(text(HTTPResponse(status: 599)).hasPrefix("HTTP/1.1 599 \r\n"))
        #expect(text(HTTPResponse(status: 42)).hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
        #expect(HTTPResponseSerializer.reasonPhrase(for: 431) == "Request Header Fields Too Large")
    }

    @Test func jsonErrorsHaveTheContractShapeAndEscapeTheMessage() throws {
        let response = HTTPResponse.jsonError(status: 400, code: "BAD_REQUEST", message: "a \"q\"\n\u{1}")
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(
            String(decoding: response.body, as: UTF8.self)
                == #"{"error":{"code":"BAD_REQUEST","message":"a \"q\"\n\u0001"}}"#)
        let object = try JSONSerialization.jsonObject(with: response.body) as? [String: [String: String]]
        #expect(object?["error"]?["message"] == "a \"q\"\n\u{1}")
    }

    @Test func datesAreIMFFixdateAcrossLeapYearsAndCenturies() {
        let cases: [(TimeInterval, String)] = [
            (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
            (1_798_761_599, "Thu, 31 Dec 2026 23:59:59 GMT"),
            (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),
        ]
        for (seconds, expected) in cases {
            let written = HTTPResponseSerializer.serialize(
                HTTPResponse(status: 200), keepAlive: true, date: Date(timeIntervalSince1970: seconds))
            #expect(String(decoding: written, as: UTF8.self).contains("Date: \(expected)\r\n"))
        }
    }
}
