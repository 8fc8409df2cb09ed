import BookingAPI
import BookingCurl
import Foundation
import TestSupport
import Testing

/// `CurlTransport` over TLS against `openssl s_server` on loopback, with a
/// certificate authority each test makes (`OpenSSLServer`).
@Suite(ExternalTool.needed("openssl")) struct CurlTLSTests {
    private static var openssl: String { ExternalTool.path("openssl") ?? "openssl" }

    /// The CA named the OpenSSL way, as a file or as a hashed directory, is
    /// trusted.
    @Test func theAuthorityThatSSLCertFileOrSSLCertDirNamesIsTrusted() async throws {
        let server = try await OpenSSLServer.start(openssl: Self.openssl)
        for environment in [["SSL_CERT_FILE": server.caFile], ["SSL_CERT_DIR": server.caDirectory]] {
            let response = try await CurlTransport(environment: environment).send(
                TransportRequest(method: "GET", url: server.url("/"), timeout: .seconds(10)))
            #expect(response.status == 200, "\(environment)")
        }
        await server.stop()
    }
}
