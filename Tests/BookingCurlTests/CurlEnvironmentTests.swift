import BookingAPI
import BookingCurl
import Foundation
import TestSupport
import Testing

/// What `CurlTransport` takes from the machine it runs on: libcurl itself,
/// loaded at run time, the environment's proxy variables (ignored) and the
/// certificate authorities `SSL_CERT_FILE` and `SSL_CERT_DIR` name.
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

    // MARK: - Certificate authorities

    @Test func aCertificateFileThatIsNotThereIsNamedAndNothingIsSent() async {
        let path = "/nonexistent-\(UUID().uuidString)/ca.pem"
        let url = URL(string: "https://127.0.0.1:9/v1/offers")!
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: ["SSL_CERT_FILE": path]).send(
                TransportRequest(method: "GET", url: url, timeout: .seconds(5)))
        }
        #expect(error == TransportError(.tlsFailure, "SSL_CERT_FILE names \(path), which does not exist"))
        #expect(error?.failure.requestCertainlyNotSent == true)
    }

    @Test func aCertificateDirectoryThatIsNotOneIsNamed() async throws {
        let directory = TemporaryDirectory()
        let file = directory.file("ca.pem")
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: file))
        let url = URL(string: "https://127.0.0.1:9/v1/offers")!
        let notThere = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: ["SSL_CERT_DIR": directory.file("certs")]).send(
                TransportRequest(method: "GET", url: url, timeout: .seconds(5)))
        }
        #expect(notThere?.detail == "SSL_CERT_DIR names \(directory.file("certs")), which does not exist")
        let aFile = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: ["SSL_CERT_DIR": file]).send(
                TransportRequest(method: "GET", url: url, timeout: .seconds(5)))
        }
        #expect(aFile == TransportError(.tlsFailure, "SSL_CERT_DIR names \(file), which is not a directory"))
        let fileIsADirectory = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: ["SSL_CERT_FILE": directory.path]).send(
                TransportRequest(method: "GET", url: url, timeout: .seconds(5)))
        }
        #expect(fileIsADirectory?.detail == "SSL_CERT_FILE names \(directory.path), which is a directory, not a file")
    }

    /// A file that is not PEM (a DER certificate, a key, a typo's target)
    /// and a directory with no certificate under a hashed name are named
    /// with their variable before anything is sent.
    @Test func aCertificateFileThatIsNotPEMOrADirectoryWithNoCertificatesIsNamed() async throws {
        let directory = TemporaryDirectory()
        let file = directory.file("ca.der")
        try Data([0x30, 0x82, 0x01, 0x0A]).write(to: URL(fileURLWithPath: file))
        let empty = directory.file("certs")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: false)
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: empty + "/README"))
        let url = URL(string: "https://127.0.0.1:9/v1/offers")!
        let notPEM = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: ["SSL_CERT_FILE": file]).send(
                TransportRequest(method: "GET", url: url, timeout: .seconds(5)))
        }
        #expect(
            notPEM
                == TransportError(
                    .tlsFailure,
                    "SSL_CERT_FILE names \(file), which holds no PEM certificate (-----BEGIN CERTIFICATE-----)"))
        let noCertificates = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: ["SSL_CERT_DIR": empty]).send(
                TransportRequest(method: "GET", url: url, timeout: .seconds(5)))
        }
        #expect(
            noCertificates?.detail
                == "SSL_CERT_DIR names \(empty), which holds no certificate under a hashed name "
                + "(such as 1a2b3c4d.0, as `openssl rehash` names them)")
    }

    /// A name under `.invalid` never resolves (RFC 6761): the error names
    /// the host, and says nothing was sent.
    @Test func aServerNameWithNoAddressIsNamed() async {
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport(environment: [:]).send(
                TransportRequest(
                    method: "GET", url: URL(string: "https://bk.invalid/v1/offers")!, timeout: .seconds(10)))
        }
        #expect(error?.failure == .dnsFailure)
        #expect(error?.detail.hasPrefix("no address for bk.invalid: ") == true, "\(String(describing: error))")
    }

    /// Plain HTTP uses no certificate: a variable naming a missing one
    /// does not stop it.
    @Test func plainHTTPIgnoresTheCertificateVariables() async throws {
        let server = try ScriptedSocketServer { connection in
            _ = ScriptedSocketServer.readRequest(connection)
            ScriptedSocketServer.write(connection, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
        }
        let response = try await CurlTransport(environment: ["SSL_CERT_FILE": "/nonexistent/ca.pem"]).send(
            TransportRequest(method: "GET", url: server.url("/v1/offers"), timeout: .seconds(10)))
        #expect(response.status == 200)
        server.stop()
    }

    // MARK: - Proxy variables

    #if os(Linux)
    /// Proxy variables a request must not be sent through: a proxy that is
    /// not there, and values that are no address at all (libcurl would
    /// fail on them, `CURLE_COULDNT_RESOLVE_PROXY`, before sending).
    private static let proxies = [
        [
            "http_proxy": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9", "ALL_PROXY": "http://127.0.0.1:9",
            "all_proxy": "http://127.0.0.1:9",
        ],
        ["http_proxy": "garbage", "HTTP_PROXY": "garbage", "ALL_PROXY": "://x", "all_proxy": "://x"],
    ]
    private static let childURLVariable = "BOOKINGKIT_CURL_TEST_CHILD_URL"

    /// libcurl sends through the proxy `http_proxy` or `ALL_PROXY` names
    /// unless told otherwise; `CurlTransport` tells it otherwise. The
    /// variables are set in a child process, this test bundle again running
    /// only `inTheChildARequestReachesItsServerPastTheEnvironmentsProxy`:
    /// in this process they would reach the URLSession tests running beside
    /// this one (FoundationNetworking's libcurl reads them) and send their
    /// requests to the dead proxy.
    @Test(arguments: proxies)
    func aProxyTheEnvironmentNamesIsNotUsed(proxy: [String: String]) async throws {
        let server = try ScriptedSocketServer { connection in
            _ = ScriptedSocketServer.readRequest(connection)
            ScriptedSocketServer.write(connection, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
        }
        var environment = proxy
        environment[Self.childURLVariable] = server.url("/v1/offers").absoluteString
        let output = try await ChildTestRun.expectPasses(
            "CurlEnvironmentTests/inTheChildARequestReachesItsServerPastTheEnvironmentsProxy", environment: environment)
        #expect(server.connections == 1, "the request did not reach its server:\n\(output)")
        server.stop()
    }

    /// The child of `aProxyTheEnvironmentNamesIsNotUsed`, which sets its
    /// environment; skipped in any other run.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment[childURLVariable] != nil,
            "runs only as the child process of aProxyTheEnvironmentNamesIsNotUsed"))
    func inTheChildARequestReachesItsServerPastTheEnvironmentsProxy() async throws {
        let environment = ProcessInfo.processInfo.environment
        for name in ["http_proxy", "ALL_PROXY"] { try #require(environment[name] != nil, "\(name) is not set") }
        let url = try #require(environment[Self.childURLVariable].flatMap(URL.init(string:)))
        let response = try await CurlTransport().send(TransportRequest(method: "GET", url: url, timeout: .seconds(10)))
        #expect(response.status == 200 && response.body == Data("{}".utf8))
    }
    #endif
}
