import BookingHTTPServer
import Foundation
import TestSupport
import Testing

@Suite struct HTTPListenerTests {
    @Test func portZeroReportsTheRealPortAndURLSessionIsServed() async throws {
        try await withListener { listener, port in
            #expect(port != 0)
            #expect(listener.port == port)
            let get = try await URLSessionClient.send(port: port, path: "/v1/offers?placeId=lis")
            #expect(get.status == 200)
            #expect(get.headers["x-target"] == "/v1/offers?placeId=lis")
            let post = try await URLSessionClient.send(
                port: port, path: "/v1/holds", method: "POST", body: Data(#"{"offerId":"o1"}"#.utf8),
                headers: ["Content-Type": "application/json"])
            #expect(post.status == 200)
            #expect(post.headers["x-method"] == "POST")
            #expect(post.body == Data(#"{"offerId":"o1"}"#.utf8))
        }
    }

    @Test func aLargeBodyUpToTheLimitIsEchoedWhole() async throws {
        let body = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try await withListener { _, port in
            let reply = try await URLSessionClient.send(port: port, path: "/echo", method: "PUT", body: body)
            #expect(reply.status == 200)
            #expect(reply.body == body)
        }
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        let responses = try await withListener { _, port in
            try await offPool {
                let connection = try RawConnection(port: port)
                return try (0..<3).map { index in
                    try connection.send("GET /r\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                    return connection.readResponse()
                }
            }
        }
        #expect(responses.map { $0?.headers["x-target"] } == ["/r0", "/r1", "/r2"])
        #expect(responses.allSatisfy { $0?.headers["connection"] == "keep-alive" })
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let responses = try await withListener { _, port in
            try await offPool {
                let connection = try RawConnection(port: port)
                try connection.send(
                    "GET /slow?ms=150 HTTP/1.1\r\nHost: t\r\n\r\n"
                        + "POST /b HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\nabc"
                        + "GET /c HTTP/1.1\r\nHost: t\r\n\r\n")
                return (0..<3).map { _ in connection.readResponse() }
            }
        }
        #expect(responses.map { $0?.body } == [Data("slow".utf8), Data("abc".utf8), Data()])
        #expect(responses.map { $0?.headers["x-target"] } == [nil, "/b", "/c"])
    }

    @Test func http10ClosesUnlessTheClientAsksForKeepAlive() async throws {
        let (plain, plainRest, kept, second) = try await withListener { _, port in
            try await offPool {
                let (plain, plainRest) = try RawConnection.exchange(port: port, "GET /a HTTP/1.0\r\n\r\n")
                let kept = try RawConnection(port: port)
                try kept.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let first = kept.readResponse()
                try kept.send("GET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                return (plain, plainRest, first, kept.readResponse())
            }
        }
        #expect(plain?.headers["connection"] == "close")
        #expect(plainRest == [])
        #expect(kept?.headers["connection"] == "keep-alive")
        #expect(second?.headers["x-target"] == "/b")
    }

    @Test func connectionCloseFromEitherSideEndsTheConnection() async throws {
        let (clientAsked, clientRest, handlerSaid, handlerRest) = try await withListener { _, port in
            try await offPool {
                let client = try RawConnection.exchange(
                    port: port, "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                let other = try RawConnection.exchange(port: port, "GET /close HTTP/1.1\r\nHost: t\r\n\r\n")
                return (client.response, client.rest, other.response, other.rest)
            }
        }
        #expect(clientAsked?.headers["connection"] == "close")
        #expect(handlerSaid?.headers["connection"] == "close")
        #expect(handlerSaid?.body == Data("bye".utf8))
        #expect(clientRest == [] && handlerRest == [])
    }

    @Test func headRequestsGetTheLengthButNoBody() async throws {
        let (head, next) = try await withListener { _, port in
            try await offPool {
                let connection = try RawConnection(port: port)
                try connection.send("HEAD /slow?ms=1 HTTP/1.1\r\nHost: t\r\n\r\nGET /n HTTP/1.1\r\nHost: t\r\n\r\n")
                return (connection.readResponse(isHead: true), connection.readResponse())
            }
        }
        #expect(head?.status == 200)
        #expect(head?.headers["content-length"] == "4")
        #expect(head?.body == Data())
        #expect(next?.headers["x-target"] == "/n")
    }

    @Test func expect100ContinueGetsAnInterimAnswerBeforeTheBody() async throws {
        let reply = try await withListener { _, port in
            try await offPool {
                let connection = try RawConnection(port: port)
                try connection.send("POST / HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n")
                let interim = connection.readRaw(count: 25)
                try connection.send("ok")
                return (interim, connection.readResponse())
            }
        }
        #expect(reply.0 == Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        #expect(reply.1?.body == Data("ok".utf8))
    }

    @Test func dropConnectionGivesTheClientNoBytes() async throws {
        let (raw, sessionError) = try await withListener { _, port in
            let raw = try await offPool {
                let connection = try RawConnection(port: port)
                try connection.send("POST /drop HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n{}")
                return connection.readToEnd()
            }
            var sessionError: (any Error)?
            do {
                _ = try await URLSessionClient.send(port: port, path: "/drop")
            } catch {
                sessionError = error
            }
            return (raw, sessionError)
        }
        #expect(raw == [])
        #expect(sessionError != nil)
    }

    @Test func aClientThatHangsUpMidAnswerNeitherKillsNorStopsTheServer() async throws {
        // Writing a megabyte to a closed peer fails with EPIPE; without
        // MSG_NOSIGNAL / SO_NOSIGPIPE that would be a SIGPIPE and end the
        // test process.
        let body = String(repeating: "x", count: 1_000_000)
        let handler = EchoHandler()
        let next = try await withListener(handler: handler) { _, port in
            try await offPool { () -> RawConnection.Response? in
                for _ in 0..<3 {
                    let rude = try RawConnection(port: port)
                    try rude.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
                    rude.close()
                }
                // The server has the three rude requests and answers into closed sockets.
                #expect(Poll.blockingUntil { handler.started.value >= 3 })
                let polite = try RawConnection(port: port)
                try polite.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
                return polite.readResponse()
            }
        }
        #expect(next?.headers["x-target"] == "/after")
    }
}
