import BookingAPI
import BookingCurl
import Foundation
import TestSupport
import Testing

/// Certificates and servers `CurlTransport` refuses though libcurl alone
/// would not, each named: a certificate that names its host only in its
/// subject's CN, and a server that speaks nothing newer than TLS 1.1.
/// Against `openssl s_server` on loopback with a CA the test makes and
/// trusts (`OpenSSLServer`), so that only the refused thing fails.
@Suite(ExternalTool.needed("openssl")) struct CurlRefusalTests {
    private static var openssl: String { ExternalTool.path("openssl") ?? "openssl" }

    /// libcurl matches a certificate's CN when it has no subjectAltName;
    /// browsers refuse such a certificate, and so does the transport,
    /// before the request leaves.
    @Test func aCertificateWithOnlyACommonNameIsRefusedAndNamed() async throws {
        let server = try await OpenSSLServer.start(openssl: Self.openssl, certificate: .commonNameOnly)
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: ["SSL_CERT_FILE": server.caFile]).send(
                TransportRequest(method: "GET", url: server.url("/"), timeout: .seconds(10)))
        }
        #expect(
            error
                == TransportError(
                    .tlsFailure,
                    "the server's certificate is not trusted for 127.0.0.1: it names its host only in its subject "
                        + "(CN), with no subjectAltName"))
        #expect(error?.failure.requestCertainlyNotSent == true)
        await server.stop()
    }

    #if os(Linux)
    private static let childURLVariable = "BOOKINGKIT_OLD_TLS_TEST_CHILD_URL"
    private static let childCAVariable = "BOOKINGKIT_OLD_TLS_TEST_CHILD_CA"

    /// OpenSSL settings that allow TLS 1.0 and 1.1 (Debian's own refuse
    /// them): with these, only the transport's own minimum can refuse an
    /// old server, which is what this proves.
    private static let permissiveSettings = """
        openssl_conf = init
        [init]
        ssl_conf = ssl_section
        [ssl_section]
        system_default = system_default_section
        [system_default_section]
        MinProtocol = TLSv1
        CipherString = DEFAULT@SECLEVEL=0
        """

    /// A server limited to TLS 1.1, then to TLS 1.0, is refused with its
    /// reason. OpenSSL is pointed at settings that allow old versions
    /// (`OPENSSL_CONF`), and an OpenSSL client shows the handshake at that
    /// version succeeds with them; the transport runs in a child process,
    /// this test bundle again running only
    /// `inTheChildAnOldTLSServerIsRefused`, since the settings are read once
    /// per process.
    @Test(arguments: [("-tls1_1", "TLSv1.1"), ("-tls1", "TLSv1")])
    func aServerOfferingOnlyAnOldTLSIsRefused(option: String, version: String) async throws {
        let directory = TemporaryDirectory("bookingkit-old-tls")
        let settings = directory.file("openssl.cnf")
        try Data(Self.permissiveSettings.utf8).write(to: URL(fileURLWithPath: settings))
        let server = try await OpenSSLServer.start(
            openssl: Self.openssl, serverOptions: [option, "-cipher", "DEFAULT@SECLEVEL=0"])
        let control = try await onOwnThread {
            try ChildProcess(
                Self.openssl, ["s_client", "-connect", "127.0.0.1:\(server.port)"],
                environment: ["OPENSSL_CONF": settings], input: .nullDevice
            ).finish()
        }
        #expect(
            control.standardOutput.contains("Protocol  : \(version)\n"),
            "the server does not speak \(version) with these settings:\n\(control.standardOutput)")
        let environment = [
            "OPENSSL_CONF": settings, Self.childURLVariable: server.url("/").absoluteString,
            Self.childCAVariable: server.caFile,
        ]
        try await ChildTestRun.expectPasses(
            "CurlRefusalTests/inTheChildAnOldTLSServerIsRefused", environment: environment)
        await server.stop()
    }

    /// The child of `aServerOfferingOnlyAnOldTLSIsRefused`, which sets its
    /// environment; skipped in any other run.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment[childURLVariable] != nil,
            "runs only as the child process of aServerOfferingOnlyAnOldTLSIsRefused"))
    func inTheChildAnOldTLSServerIsRefused() async throws {
        let environment = ProcessInfo.processInfo.environment
        let url = try #require(environment[Self.childURLVariable].flatMap(URL.init(string:)))
        let ca = try #require(environment[Self.childCAVariable])
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: ["SSL_CERT_FILE": ca]).send(
                TransportRequest(method: "GET", url: url, timeout: .seconds(10)))
        }
        #expect(error?.failure == .tlsFailure)
        let detail = error?.detail ?? ""
        #expect(detail.hasPrefix("127.0.0.1 offers no TLS 1.2 or later: "), "\(detail)")
    }
    #endif
}
