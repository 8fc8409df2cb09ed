import Foundation

/// A certificate authority made for one test, and `openssl s_server -www`
/// on 127.0.0.1 with a certificate for `127.0.0.1` it signed, all made with
/// the `openssl` command line in a temporary directory. The CA is in no
/// system bundle: only a client told to trust it does. The certificate can
/// name its host only in its subject (`Certificate.commonNameOnly`), and
/// the server can be given more options (a TLS version it is limited to).
public final class OpenSSLServer: Sendable {
    /// The CA's certificate (PEM), for `SSL_CERT_FILE`.
    public let caFile: String
    /// A directory holding only the CA's certificate under its hash name
    /// (`<hash>.0`, as `openssl rehash` names it), for `SSL_CERT_DIR`.
    public let caDirectory: String
    /// The port it listens on.
    public let port: UInt16
    private let directory: TemporaryDirectory
    private let server: ChildProcess

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// How the server's certificate names its host.
    public enum Certificate: Sendable {
        /// In a subjectAltName (`IP:127.0.0.1`), as browsers ask.
        case subjectAltName
        /// Only in its subject (`CN=127.0.0.1`): an X.509 v3 certificate
        /// with no subjectAltName.
        case commonNameOnly
    }

    /// Makes the CA and the certificate, and starts the server; blocks, so
    /// run it off the concurrency pool (`start()`).
    private init(openssl: String, certificate: Certificate, serverOptions: [String]) throws {
        let directory = TemporaryDirectory("bookingkit-tls")
        let file = directory.file
        let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try Self.run(
            openssl,
            ["req", "-x509"] + newKey + [
                "-keyout", file("ca.key"), "-out", file("ca.pem"), "-days", "1", "-subj", "/CN=BookingKit test CA",
            ])
        try Self.run(
            openssl,
            ["req", "-new"] + newKey + [
                "-keyout", file("server.key"), "-out", file("server.csr"), "-subj", "/CN=127.0.0.1",
            ])
        let extensions =
            certificate == .subjectAltName ? "subjectAltName=IP:127.0.0.1\n" : "basicConstraints=CA:FALSE\n"
        try Data(extensions.utf8).write(to: URL(fileURLWithPath: file("server.ext")))
        try Self.run(
            openssl,
            [
                "x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"),
                "-CAcreateserial", "-out", file("server.pem"), "-days", "1", "-extfile", file("server.ext"),
            ])
        let hash = try Self.run(openssl, ["x509", "-hash", "-noout", "-in", file("ca.pem")])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let caDirectory = file("ca")
        try FileManager.default.createDirectory(atPath: caDirectory, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: file("ca.pem"), toPath: caDirectory + "/\(hash).0")
        let server = try ChildProcess(
            openssl,
            ["s_server", "-accept", "127.0.0.1:0", "-cert", file("server.pem"), "-key", file("server.key"), "-www"]
                + serverOptions)
        // "ACCEPT 127.0.0.1:PORT" once it listens.
        guard server.waitForOutput(containing: "ACCEPT 127.0.0.1:"),
            let line = server.outputSoFar.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT 127.0.0.1:") }),
            let port = UInt16(line.dropFirst("ACCEPT 127.0.0.1:".count).trimmingCharacters(in: .whitespaces))
        else {
            server.kill()
            throw Failure(description: "openssl s_server did not start: \(server.finish())")
        }
        self.directory = directory
        self.caFile = file("ca.pem")
        self.caDirectory = caDirectory
        self.port = port
        self.server = server
    }

    /// A new CA and a server with a certificate it signed, started with
    /// `serverOptions` after the usual ones.
    public static func start(
        openssl: String, certificate: Certificate = .subjectAltName, serverOptions: [String] = []
    ) async throws -> OpenSSLServer {
        try await onOwnThread {
            try OpenSSLServer(openssl: openssl, certificate: certificate, serverOptions: serverOptions)
        }
    }

    /// The URL of `path` on this server.
    public func url(_ path: String) -> URL { URL(string: "https://127.0.0.1:\(port)\(path)")! }

    /// Ends a server a failed test left running: it never ends on its own.
    deinit {
        server.kill()
    }

    /// Stops the server: SIGKILL, since it was started from a thread that
    /// blocks SIGTERM, and a child keeps its signal mask.
    public func stop() async {
        server.kill()
        _ = try? await onOwnThread { [server] in server.finish() }
    }

    /// Runs `openssl` to its end; its standard output, or the failure with
    /// what it said.
    @discardableResult
    private static func run(_ openssl: String, _ arguments: [String]) throws -> String {
        let result = ChildProcess.run(openssl, arguments)
        guard result.status == 0, !result.uncaughtSignal else {
            let command = "openssl " + arguments.joined(separator: " ")
            throw Failure(description: "\(command) failed (\(result.status)): \(result.standardError)")
        }
        return result.standardOutput
    }
}
