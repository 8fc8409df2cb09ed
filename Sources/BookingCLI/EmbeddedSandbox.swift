import BookingAPI
import BookingHTTPServer
import BookingKit
import BookingSandbox
import Foundation

/// The embedded default: the sandbox started inside this process on
/// 127.0.0.1 and an ephemeral port, its database kept in
/// `<data-dir>/sandbox/`, reached over real loopback HTTP like any server.
/// Every command works on a fresh machine with nothing to set up.
package final class EmbeddedSandbox: Sendable {
    /// The running server.
    package let server: SandboxServer
    /// `http://127.0.0.1:<port>`.
    package let address: ServerAddress

    /// Opens the sandbox's database in `directory` and starts serving.
    ///
    /// - Parameter holdTTLMilliseconds: how long holds last (default 15 min).
    package init(directory: String, holdTTLMilliseconds: Int64? = nil) throws {
        try Self.prepare(directory: directory)
        var configuration = SandboxConfiguration(
            databasePath: SandboxConfiguration.databasePath(inDataDirectory: directory))
        if let holdTTLMilliseconds { configuration.holdTTLMilliseconds = holdTTLMilliseconds }
        // Stopped when the run ends (`Services.close`): a request the run
        // stopped waiting for is cut then, as the process's exit would cut
        // it, never waited for.
        var listener = HTTPListener.Configuration()
        listener.shutdownGracePeriod = .zero
        server = try SandboxServer(configuration: configuration, listenerConfiguration: listener)
        let port = try server.start()
        address = try ServerAddress("http://127.0.0.1:\(port)")
    }

    /// Creates `directory` `0700`, or tightens an existing one to `0700`,
    /// and refuses one that is a symbolic link (never followed: what it
    /// points to keeps its mode): the rules of the client's own files, for
    /// the sandbox's database in `<data-dir>/sandbox/`.
    package static func prepare(directory: String) throws {
        try BookingDiagnostics.makeOwnerOnlyDirectory(atPath: directory)
    }

    /// Stops serving; requests in flight are cut.
    package func stop() async {
        await server.shutdown()
    }
}
