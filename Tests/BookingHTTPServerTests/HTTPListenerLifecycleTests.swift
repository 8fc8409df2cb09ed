import BookingHTTPServer
import Foundation
import TestSupport
import Testing

@Suite(.ownQueue) struct HTTPListenerLifecycleTests {
    @Test func gracefulShutdownLetsARequestInFlightFinish() async throws {
        let handler = EchoHandler()
        var configuration = HTTPListener.Configuration()
        configuration.shutdownGracePeriod = .seconds(120)
        let listener = HTTPListener(configuration: configuration, handler: handler)
        let port = try listener.start()
        async let answer = offPool { () -> (RawConnection.Response?, [UInt8]?) in
            let connection = try RawConnection(port: port)
            try connection.send("GET /held HTTP/1.1\r\nHost: t\r\n\r\n")
            // The answer comes only after the shutdown below has begun; on a
            // loaded machine that took past the default 10 s read.
            return (connection.readResponse(timeout: .seconds(60)), connection.readToEnd())
        }
        try #require(await Poll.until { handler.started.value > 0 })
        let start = ContinuousClock.now
        async let stopped: Void = listener.shutdown()
        // The request is answered only once the listener is stopping (it
        // refuses new connections), whatever the machine's load: its answer
        // must close the connection.
        try #require(await Poll.until { (try? RawConnection(port: port, timeout: .seconds(1))) == nil })
        handler.release.change { $0 = true }
        await stopped
        let took = ContinuousClock.now - start
        let (response, rest) = try await answer
        #expect(response?.status == 200)
        #expect(response?.body == Data("slow".utf8))
        #expect(response?.headers["connection"] == "close")
        #expect(rest == [])
        #expect(took < .seconds(60))  // the request's end, not the 120 s grace
        await #expect(throws: (any Error).self) { try await offPool { try RawConnection(port: port) } }
    }

    @Test func shutdownDoesNotWaitForAnIdleKeepAliveClient() async throws {
        var configuration = HTTPListener.Configuration()
        configuration.shutdownGracePeriod = .seconds(300)
        configuration.idleTimeout = .seconds(600)
        let listener = HTTPListener(configuration: configuration, handler: EchoHandler())
        let port = try listener.start()
        let connection = try await offPool { () -> RawConnection in
            let connection = try RawConnection(port: port)
            try connection.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = connection.readResponse()
            return connection
        }
        let start = ContinuousClock.now
        await listener.shutdown()
        // Waiting for the idle client would take the grace period (300 s) or
        // the idle timeout (600 s); the bound is far from both, and far past
        // a loaded machine's stalls.
        #expect(ContinuousClock.now - start < Poll.defaultTimeout)
        let rest = try await offPool { connection.readToEnd(timeout: Poll.defaultTimeout) }
        #expect(rest == [])
    }

    @Test func shutdownDoesNotWaitPastTheGracePeriodForAStuckRequest() async throws {
        var configuration = HTTPListener.Configuration()
        configuration.shutdownGracePeriod = .milliseconds(200)
        let handler = EchoHandler()
        let listener = HTTPListener(configuration: configuration, handler: handler)
        let port = try listener.start()
        async let answer = offPool { () -> [UInt8]? in
            let connection = try RawConnection(port: port)
            try connection.send("GET /held HTTP/1.1\r\nHost: t\r\n\r\n")
            return connection.readToEnd(timeout: Poll.defaultTimeout)
        }
        try #require(await Poll.until { handler.started.value > 0 })
        let start = ContinuousClock.now
        await listener.shutdown()
        // The request is held until the test lets it go, so waiting for it
        // would never end; the grace period is 0.2 s. The bound is loose: a
        // loaded 2-core machine once took 6.08 s to get this task back.
        #expect(ContinuousClock.now - start < Poll.defaultTimeout)
        #expect(try await answer == [])
        handler.release.change { $0 = true }
    }

    @Test func startAfterShutdownAndDoubleShutdownAreSafe() async throws {
        let listener = HTTPListener(handler: EchoHandler())
        let port = try listener.start()
        #expect(throws: HTTPListenerError.alreadyStarted) { try listener.start() }
        async let first: Void = listener.shutdown()
        async let second: Void = listener.shutdown()
        _ = await (first, second)
        await listener.shutdown()
        #expect(throws: HTTPListenerError.shutDown) { try listener.start() }
        #expect(listener.port == port)

        let neverStarted = HTTPListener(handler: EchoHandler())
        await neverStarted.shutdown()
        #expect(throws: HTTPListenerError.shutDown) { try neverStarted.start() }
    }

    @Test func aDroppedListenerStopsAcceptingOnItsOwn() async throws {
        let handler = EchoHandler()
        let port = try { () throws -> UInt16 in
            let listener = HTTPListener(handler: handler)
            return try listener.start()
        }()
        // Generous: on a loaded machine the accept thread notices late. The
        // port is free once it stops, and another test's listener may be
        // given it at once: a connection there is answered, but never by
        // this handler.
        #expect(
            await Poll.until(every: .milliseconds(20)) {
                (try? await offPool { !Self.reaches(handler, on: port) }) ?? false
            })
    }

    /// Whether a request to `port` may still reach `handler`: refused, or
    /// answered by another listener given the port, it does not; with no
    /// answer yet, it may.
    private static func reaches(_ handler: EchoHandler, on port: UInt16) -> Bool {
        guard let connection = try? RawConnection(port: port) else { return false }
        defer { connection.close() }
        let before = handler.started.value
        guard (try? connection.send("GET /probe HTTP/1.1\r\nHost: localhost\r\n\r\n")) != nil,
            connection.readResponse(timeout: .seconds(5)) != nil
        else { return true }
        return handler.started.value > before
    }

    @Test(arguments: ["0.0.0.0", "192.0.2.1", "::"])
    func refusesNonLoopbackHostsUnlessAllowed(_ host: String) {
        var configuration = HTTPListener.Configuration()
        configuration.host = host
        let listener = HTTPListener(configuration: configuration, handler: EchoHandler())
        #expect(throws: HTTPListenerError.nonLoopbackHost(host)) { try listener.start() }
    }

    @Test func refusesHostNamesAndBadLimits() {
        var named = HTTPListener.Configuration()
        named.host = "example.com"
        #expect(throws: HTTPListenerError.invalidHost("example.com")) {
            try HTTPListener(configuration: named, handler: EchoHandler()).start()
        }
        var zero = HTTPListener.Configuration()
        zero.readTimeout = .zero
        #expect(throws: HTTPListenerError.invalidConfiguration("readTimeout must be positive")) {
            try HTTPListener(configuration: zero, handler: EchoHandler()).start()
        }
    }

    @Test(arguments: ["localhost", "127.0.0.1", "::1"])
    func listensOnLoopbackNamesAndAddresses(_ host: String) async throws {
        var configuration = HTTPListener.Configuration()
        configuration.host = host
        let listener = HTTPListener(configuration: configuration, handler: EchoHandler())
        let port = try listener.start()
        #expect(port != 0)
        await listener.shutdown()
    }

    @Test func aTakenPortIsReportedAsAddressInUse() async throws {
        try await withListener { _, port in
            var configuration = HTTPListener.Configuration()
            configuration.port = port
            let second = HTTPListener(configuration: configuration, handler: EchoHandler())
            #expect(throws: HTTPListenerError.addressInUse(host: "127.0.0.1", port: port)) { try second.start() }
            #expect(HTTPListenerError.addressInUse(host: "127.0.0.1", port: port).description.contains("in use"))
        }
    }
}
