import BookingSQLite
import Foundation
import Testing

@testable import BookingSandbox

/// The sandbox's database goes through the SQLite layer's file checks: a
/// symbolic link where its file belongs is refused, and what it points to
/// keeps its mode and bytes.
@Suite struct SandboxFileTests {
    @Test func aSandboxDatabaseThatIsASymbolicLinkIsRefusedAndItsTargetIsUntouched() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bk-sandbox-link-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("data").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let target = root.appendingPathComponent("victim.txt").path
        let bytes = Data("not the sandbox's\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        let path = SandboxConfiguration.databasePath(inDataDirectory: directory)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)

        let error = #expect(throws: SQLiteError.self) { try SandboxDatabase(path: path) }
        #expect(error?.message.contains("is a symbolic link") == true, "\(String(describing: error))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == bytes)
        let mode = (try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o644)
    }
}
