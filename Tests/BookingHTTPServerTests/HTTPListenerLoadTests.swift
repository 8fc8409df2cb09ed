import BookingHTTPServer
import Foundation
import TestSupport
import Testing

@Suite struct HTTPListenerLoadTests {
    @Test func threeHundredConcurrentConnectionsAreAllAnswered() async throws {
        let targets = try await withListener { _, port in
            try await offPool { () -> [String?] in
                // All 300 are open at once before any request is sent.
                let connections = try (0..<300).map { _ in try RawConnection(port: port) }
                for (index, connection) in connections.enumerated() {
                    try connection.send("GET /c\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                }
                return connections.map { $0.readResponse()?.headers["x-target"] }
            }
        }
        #expect(targets == (0..<300).map { "/c\($0)" })
    }

    @Test func concurrentURLSessionRequestsAreAllAnswered() async throws {
        let statuses = try await withListener { _, port in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        try await URLSessionClient.send(
                            port: port, path: "/u\(index)", method: "POST", body: Data("\(index)".utf8)
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(statuses == Array(repeating: 200, count: 50))
    }

    @Test func aConnectionOverTheLimitGets503AndAFreedSlotServesAgain() async throws {
        let (rejected, rest, later) = try await withListener({ $0.maxConnections = 2 }) { _, port in
            try await offPool { () -> (RawConnection.Response?, [UInt8]?, RawConnection.Response?) in
                let held = try (0..<2).map { index in
                    let connection = try RawConnection(port: port)
                    try connection.send("GET /held\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                    _ = connection.readResponse()
                    return connection
                }
                let over = try RawConnection(port: port)
                let rejected = over.readResponse()
                let rest = over.readToEnd()
                held[0].close()
                // The freed slot is released when the server notices the close.
                var later: RawConnection.Response?
                try Poll.blockingUntil(every: .milliseconds(20)) {
                    let again = try RawConnection(port: port)
                    try again.send("GET /later HTTP/1.1\r\nHost: t\r\n\r\n")
                    later = again.readResponse()
                    return later?.status == 200
                }
                return (rejected, rest, later)
            }
        }
        #expect(rejected?.status == 503)
        #expect(rejected?.errorCode == "SERVICE_UNAVAILABLE")
        #expect(rejected?.headers["retry-after"] == "1")
        #expect(rest == [])
        #expect(later?.headers["x-target"] == "/later")
    }
}
