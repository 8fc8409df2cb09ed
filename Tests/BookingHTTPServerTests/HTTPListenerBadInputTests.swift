import BookingHTTPServer
import BookingPrimitives
import Foundation
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

    /// How long a test waits for a timeout it set far shorter (300 or
    /// 400 ms): under the listener's default read timeout (10 s), so a
    /// listener that ignored the setting still fails, with over 8 s of slack
    /// for a loaded machine.
    static let beforeTheDefaultTimeout: Duration = .seconds(9)

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
        #expect(elapsed >= .milliseconds(350) && elapsed < Self.beforeTheDefaultTimeout)
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
            try await offPool { try RawConnection(port: port).readToEnd(timeout: Self.beforeTheDefaultTimeout) }
        }
        #expect(rest == [])
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        let (response, rest) = try await withListener({ $0.idleTimeout = .milliseconds(300) }) { _, port in
            try await offPool {
                let connection = try RawConnection(port: port)
                try connection.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
                return (connection.readResponse(), connection.readToEnd(timeout: Self.beforeTheDefaultTimeout))
            }
        }
        #expect(response?.status == 200)
        #expect(rest == [])
    }

    @Test(.ownQueue) func slowClientGets408AndOthersAreStillServed() async throws {
        // The slow client dribbles a head that never ends until its answer
        // comes, so the read timeout must count from the request's start
        // (a deadline moved on by each byte would never answer it), and the
        // prompt client is answered first however long URLSession takes to
        // start on a loaded machine: the read timeout (30 s) only has to
        // outlast that (8 s once did not).
        try await withListener({ $0.readTimeout = .seconds(30) }) { _, port in
            let connected = Locked(false)
            let otherAnswered = Locked(false)
            async let slow = offPool { () -> (RawConnection.Response?, Duration, Bool) in
                let connection = try RawConnection(port: port)
                let start = ContinuousClock.now
                // One byte every 300 ms (the wait for an answer between two
                // bytes) for up to 60 s, twice the read timeout.
                let head = "GET /slowly HTTP/1.1\r\nHost: t\r\nX-Slow: " + String(repeating: "a", count: 300)
                var bytes = Array(head.utf8).makeIterator()
                var response: RawConnection.Response?
                while response == nil, ContinuousClock.now - start < .seconds(60), let byte = bytes.next(),
                    (try? connection.send([byte])) != nil
                {
                    connected.withLock { $0 = true }
                    response = connection.readResponse(timeout: .milliseconds(300))
                }
                let answeredFirst = otherAnswered.withLock { $0 }
                // A send refused by the closing server: the answer is in flight.
                if response == nil { response = connection.readResponse(timeout: .seconds(5)) }
                return (response, ContinuousClock.now - start, answeredFirst)
            }
            try #require(await Poll.until { connected.withLock { $0 } })
            let other = try await URLSessionClient.send(port: port, path: "/prompt")
            otherAnswered.withLock { $0 = true }
            #expect(other.status == 200)
            let (response, elapsed, answeredFirst) = try await slow
            // Ordering, not a stopwatch: a server blocked by the slow client
            // would answer the other one only after the slow one's 408.
            #expect(answeredFirst, "the prompt client waited for the slow one")
            #expect(response?.status == 408, "no answer while the slow client kept sending")
            #expect(response?.errorCode == "REQUEST_TIMEOUT")
            #expect(elapsed >= .milliseconds(29_900))
        }
    }
}
