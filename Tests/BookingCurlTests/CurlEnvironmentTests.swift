import BookingAPI
import BookingCurl
import Foundation
import Testing

/// What `CurlTransport` takes from the machine it runs on: libcurl itself,
/// loaded at run time.
@Suite struct CurlEnvironmentTests {
    @Test func libcurlLoadsHere() throws {
        try CurlTransport.load().get()
        try CurlTransport.probe(library: "libcurl.so.4").get()
    }

    @Test func aLibraryThatIsNotThereIsNamedInTheReason() {
        let result = CurlTransport.probe(library: "libcurl-not-here.so.4")
        guard case .failure(let unavailable) = result else {
            Issue.record("a missing library loaded")
            return
        }
        #expect(unavailable.reason.hasPrefix("cannot load libcurl-not-here.so.4 ("), "\(unavailable)")
    }

    #if os(Linux)
    @Test func aLibraryWithoutLibcurlsFunctionsIsNamedWithTheFirstOneMissing() {
        let reason = "libc.so.6 has no curl_global_init (libcurl 7.68 or later is needed)"
        #expect(throws: CurlUnavailable(reason: reason)) { try CurlTransport.probe(library: "libc.so.6").get() }
    }
    #endif
}
