import Foundation
import HTTPServer
import Primitives
import TestSupport
import Testing

/// Issue 4's "bad input" list over real sockets: each case gets its JSON
/// error (or the connection closed) and the server goes on serving others.
@Suite struct HTTPListenerBadInputTests {
    struct BadInput: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: String
        let status: Int
        let code: String
        var testDescription: String { name }

        /// A case; most get 400 BAD_REQUEST.
        init(name: String, bytes: String, status: Int = 400, code: String = "BAD_REQUEST") {
            self.name = name
            self.bytes = bytes
            self.status = status
            self.code = code
        }
    }

    static let limits: @Sendable (inout HTTPListener.Configuration) -> Void = {
        $0.maxRequestLineBytes = 256
        $0.maxHeaderBytes = 1_024
        $0.maxBodyBytes = 1_024
    }

    static let cases: [BadInput] = [
        BadInput(name: "malformed request line", bytes: "GET /a b HTTP/1.1\r\nHost: t\r\n\r\n"),
        BadInput(name: "no version", bytes: "GET /\r\n\r\n"),
        BadInput(name: "binary noise", bytes: "\u{16}\u{3}\u{1}\u{0}\u{5}"),
        BadInput(
            name: "oversized request line", bytes: "GET /" + String(repeating: "a", count: 400),
            status: 414, code: "URI_TOO_LONG"),
        BadInput(
            name: "oversized headers",
            bytes: "GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "b", count: 2_000),
            status: 431, code: "HEADERS_TOO_LARGE"),
        BadInput(name: "header without colon", bytes: "GET / HTTP/1.1\r\nHost: t\r\nNoColon\r\n\r\n"),
        BadInput(name: "missing Host", bytes: "GET / HTTP/1.1\r\n\r\n"),
        BadInput(name: "bad Content-Length", bytes: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1x\r\n\r\n1x"),
        BadInput(
            name: "conflicting Content-Length",
            bytes: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"),
        BadInput(
            name: "body too large",
            bytes: "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5000\r\n\r\n" + String(repeating: "x", count: 5_000),
            status: 413, code: "PAYLOAD_TOO_LARGE"),
        BadInput(
            name: "chunked body",
            bytes: "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
            status: 501, code: "NOT_IMPLEMENTED"),
        BadInput(
            name: "HTTP/2 request line", bytes: "GET / HTTP/2.0\r\nHost: t\r\n\r\n",
            status: 505, code: "HTTP_VERSION_NOT_SUPPORTED"),
    ]

    @Test(arguments: cases)
    func badInputGetsItsJSONErrorAndTheServerKeepsServing(_ input: BadInput) async throws {
        let (error, rest, next) = try await withListener(Self.limits) { _, port in
            try await offPool {
                let bad = try RawConnection(port: port)
                let good = try RawConnection(port: port)
                try bad.send(input.bytes)
                let error = bad.readResponse()
                let rest = bad.readToEnd()
                try good.send("GET /still-here HTTP/1.1\r\nHost: t\r\n\r\n")
                return (error, rest, good.readResponse())
            }
        }
        #expect(error?.status == input.status)
        #expect(error?.errorCode == input.code)
        #expect(error?.headers["content-type"] == "application/json")
        #expect(error?.headers["connection"] == "close")
        #expect(rest == [], "the connection is closed after the error")
        #expect(next?.headers["x-target"] == "/still-here")
    }

    @Test func bodyShorterThanContentLengthGets408AfterTheReadTimeout() async throws {
        let (response, rest, elapsed) = try await withListener({ $0.readTimeout = .milliseconds(400) }) { _, port in
            try await offPool {
                let connection = try RawConnection(port: port)
                let start = ContinuousClock.now
                try connection.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
                let response = connection.readResponse()
                return (response, connection.readToEnd(), ContinuousClock.now - start)
            }
        }
        #expect(response?.status == 408)
        #expect(response?.errorCode == "REQUEST_TIMEOUT")
        #expect(rest == [])
        #expect(elapsed >= .milliseconds(350) && elapsed < .seconds(5))
    }

    @Test func bodyLongerThanContentLengthIsReadAsTheNextRequest() async throws {
        let (first, second, rest) = try await withListener { _, port in
            try await offPool {
                let connection = try RawConnection(port: port)
                try connection.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabcdefgh\r\n\r\n")
                return (connection.readResponse(), connection.readResponse(), connection.readToEnd())
            }
        }
        #expect(first?.status == 200)
        #expect(first?.body == Data("abc".utf8))
        #expect(second?.status == 400)
        #expect(second?.errorCode == "BAD_REQUEST")
        #expect(rest == [])
    }

    @Test func aConnectionThatSendsNothingIsClosedSilentlyAfterTheReadTimeout() async throws {
        let rest = try await withListener({ $0.readTimeout = .milliseconds(300) }) { _, port in
            try await offPool { try RawConnection(port: port).readToEnd(timeout: .seconds(5)) }
        }
        #expect(rest == [])
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        let (response, rest) = try await withListener({ $0.idleTimeout = .milliseconds(300) }) { _, port in
            try await offPool {
                let connection = try RawConnection(port: port)
                try connection.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
                return (connection.readResponse(), connection.readToEnd(timeout: .seconds(5)))
            }
        }
        #expect(response?.status == 200)
        #expect(rest == [])
    }

    @Test func slowClientGets408AndOthersAreStillServed() async throws {
        // The slow client keeps dribbling until the prompt one is answered,
        // so the ordering holds however long URLSession takes to start on a
        // loaded machine (with an 8 s read timeout it once took longer). The
        // read timeout only has to outlast that; then the slow one stops and
        // gets its 408 at the timeout.
        try await withListener({ $0.readTimeout = .seconds(30) }) { _, port in
            let connected = Locked(false)
            let otherAnswered = Locked(false)
            async let slow = offPool { () -> (RawConnection.Response?, Duration, Bool) in
                let connection = try RawConnection(port: port)
                let start = ContinuousClock.now
                // One byte every 300 ms for up to 28 s, the head never complete.
                let head = "GET /slowly HTTP/1.1\r\nHost: t\r\nX-Slow: " + String(repeating: "a", count: 90)
                for byte in Array(head.utf8) {
                    guard (try? connection.send([byte])) != nil else { break }
                    connected.withLock { $0 = true }
                    if otherAnswered.withLock({ $0 }) || ContinuousClock.now - start > .seconds(28) { break }
                    // check-no-sleep: allowed (the slow client's pace is the input under test)
                    Thread.sleep(forTimeInterval: 0.3)
                }
                let answeredWhileSending = otherAnswered.withLock { $0 }
                let response = connection.readResponse(timeout: .seconds(45))
                return (response, ContinuousClock.now - start, answeredWhileSending)
            }
            try #require(await Poll.until { connected.withLock { $0 } })
            let other = try await URLSessionClient.send(port: port, path: "/prompt")
            otherAnswered.withLock { $0 = true }
            #expect(other.status == 200)
            let (response, elapsed, answeredWhileSending) = try await slow
            // Ordering, not a stopwatch: a server blocked by the slow client
            // would answer the other one only after the slow one's 408.
            #expect(answeredWhileSending, "the prompt client waited for the slow one")
            #expect(response?.status == 408)
            #expect(response?.errorCode == "REQUEST_TIMEOUT")
            #expect(elapsed >= .milliseconds(29_900))
        }
    }
}
