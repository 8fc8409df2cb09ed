import BookingKit
import BookingTestSupport
import Foundation
import Testing

#if os(Linux)
import Glibc  // EADDRINUSE
#endif

/// A test that stops its sandbox to see the client offline must reach no
/// other server: another test's sandbox given the freed port answered a
/// sync "with the server stopped" in CI once.
@Suite struct StoppedSandboxTests {
    @Test("a stopped sandbox's port is kept from other sockets, and the client finds nobody there")
    func theStoppedPortIsKept() async throws {
        let fixture = try ClientFixture()
        let port = try #require(fixture.sandbox.server.baseURL.port)
        await fixture.sandbox.stop()
        #expect(ClosedPort.plainBindError(port) == EADDRINUSE, "another listener could be given port \(port)")
        do {
            try await fixture.client.syncTrips()
            Issue.record("a sync with the server stopped succeeded")
        } catch {
            guard case .serverUnreachable = error else {
                Issue.record("expected serverUnreachable, got \(error)")
                return
            }
        }
    }
}
