import BookingAPI
import BookingCurl
import Foundation
import TestSupport
import Testing

/// `CurlTransport` over TLS against `openssl s_server` on loopback, with a
/// certificate authority each test makes (`OpenSSLServer`).
@Suite(ExternalTool.needed("openssl")) struct CurlTLSTests {
    private static var openssl: String { ExternalTool.path("openssl") ?? "openssl" }

    /// The CA is in no bundle libcurl reads: the handshake fails, and the
    /// error says it was the certificate, for which host, and why.
    @Test func aCertificateFromAnUnknownAuthorityIsRefusedAndTheErrorSaysWhy() async throws {
        let server = try await OpenSSLServer.start(openssl: Self.openssl)
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: [:]).send(
                TransportRequest(method: "GET", url: server.url("/"), timeout: .seconds(10)))
        }
        #expect(error?.failure == .tlsFailure)
        let detail = error?.detail ?? ""
        #expect(
            detail.hasPrefix("the server's certificate is not trusted for 127.0.0.1: SSL certificate problem: "),
            "\(detail)")
        #expect(error.map(String.init(describing:))?.hasPrefix("the secure connection failed (the server's") == true)
        await server.stop()
    }

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
