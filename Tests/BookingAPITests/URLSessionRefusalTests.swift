import BookingAPI
import Foundation
import Testing

/// URLSession's refusals (the transport on Apple platforms) named the way
/// the libcurl transport names them: a certificate not trusted and a name
/// with no address say the host, so the app's `secureConnectionRefused` and
/// `noAddress` carry it on every platform.
@Suite struct URLSessionRefusalTests {
    @Test(arguments: [URLError.Code.serverCertificateUntrusted, .serverCertificateHasUnknownRoot])
    func anUntrustedCertificateNamesTheHost(code: URLError.Code) {
        let error = URLSessionTransport.classify(URLError(code), host: "bk.test")
        #expect(error.failure == .tlsFailure)
        #expect(error.detail.hasPrefix("the server's certificate is not trusted for bk.test: "), "\(error.detail)")
    }

    @Test func aNameWithNoAddressNamesTheHost() {
        let error = URLSessionTransport.classify(URLError(.cannotFindHost), host: "bk.invalid")
        #expect(error.failure == .dnsFailure)
        #expect(error.detail.hasPrefix("no address for bk.invalid: "), "\(error.detail)")
    }
}
