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
    /// A proxy that is not there: a request sent through it fails.
    private static let deadProxy = [
        "http_proxy": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9", "ALL_PROXY": "http://127.0.0.1:9",
        "all_proxy": "http://127.0.0.1:9",
    ]
    private static let childURLVariable = "BOOKINGKIT_CURL_TEST_CHILD_URL"

    /// libcurl sends through the proxy `http_proxy` or `ALL_PROXY` names
    /// unless told otherwise; `CurlTransport` tells it otherwise. The
    /// variables are set in a child process, this test bundle again running
    /// only `inTheChildARequestReachesItsServerPastTheEnvironmentsProxy`:
    /// in this process they would reach the URLSession tests running beside
    /// this one (FoundationNetworking's libcurl reads them) and send their
    /// requests to the dead proxy.
    @Test func aProxyTheEnvironmentNamesIsNotUsed() async throws {
        let server = try ScriptedSocketServer { connection in
            _ = ScriptedSocketServer.readRequest(connection)
            ScriptedSocketServer.write(connection, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}")
        }
        let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var environment = Self.deadProxy
        environment[Self.childURLVariable] = server.url("/v1/offers").absoluteString
        let arguments = [
            "--testing-library", "swift-testing", "--filter",
            "CurlEnvironmentTests/inTheChildARequestReachesItsServerPastTheEnvironmentsProxy",
        ]
        let result = try await onOwnThread { [environment] in
            try ChildProcess(bundle, arguments, environment: environment, input: .nullDevice).finish()
        }
        let output = result.standardOutput + result.standardError
        #expect(result.status == 0 && !result.uncaughtSignal, "the child failed:\n\(output)")
        #expect(output.contains("Test run with 1 test"), "the child ran no test:\n\(output)")
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
        for (name, value) in Self.deadProxy { try #require(environment[name] == value, "\(name) is not set") }
        let url = try #require(environment[Self.childURLVariable].flatMap(URL.init(string:)))
        let response = try await CurlTransport().send(TransportRequest(method: "GET", url: url, timeout: .seconds(10)))
        #expect(response.status == 200 && response.body == Data("{}".utf8))
    }
    #endif
}
