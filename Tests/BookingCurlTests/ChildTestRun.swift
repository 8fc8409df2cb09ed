import Foundation
import TestSupport
import Testing

#if os(Linux)
/// This test bundle run again as a child process, running only the test
/// `filter` names, with `environment` over this process's: for settings a
/// library reads once per process (libcurl's proxy variables, OpenSSL's
/// settings) that must not reach the tests running beside this one.
enum ChildTestRun {
    /// Runs the child to its end and records an issue unless it ran one
    /// test and passed. Returns what it printed.
    @discardableResult
    static func expectPasses(
        _ filter: String, environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let arguments = ["--testing-library", "swift-testing", "--filter", filter]
        let result = try await onOwnThread {
            try ChildProcess(bundle, arguments, environment: environment, input: .nullDevice).finish()
        }
        let output = result.standardOutput + result.standardError
        #expect(
            result.status == 0 && !result.uncaughtSignal, "the child failed:\n\(output)", sourceLocation: sourceLocation
        )
        #expect(
            output.contains("Test run with 1 test"), "the child ran no test:\n\(output)", sourceLocation: sourceLocation
        )
        return output
    }
}
#endif
