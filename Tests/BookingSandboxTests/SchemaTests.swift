import Foundation
import Testing

@testable import BookingSandbox

@Suite struct SchemaTests {
    /// The build embeds `Schema/sandbox/*.sql`; a file added since the last
    /// clean build would be missing (the plugin does not see new files).
    @Test func embeddedSchemaEqualsTheFilesOnDisk() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Schema/sandbox")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        let onDisk = try files.map { name in
            (
                name: String(name.dropLast(4)),
                sql: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            )
        }
        #expect(EmbeddedSchema.steps.map(\.name) == onDisk.map(\.name))
        #expect(EmbeddedSchema.steps.map(\.sql) == onDisk.map(\.sql))
        #expect(!onDisk.isEmpty)
    }

    @Test func reopeningTheDatabaseKeepsBookings() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bk-sandbox-reopen-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = SandboxConfiguration.databasePath(inDataDirectory: directory.path)
        let clock = SandboxManualClock()
        var key = ""
        do {
            let sandbox = try await Sandbox(.inProcess) {
                $0.databasePath = path
                $0.clock = .manual(clock)
            }
            key = try await sandbox.book(token: "tok_visa").json["idempotencyKey"].stringValue!
        }
        let reopened = try SandboxHandler(
            configuration: SandboxConfiguration(databasePath: path, clock: .manual(clock)))
        let response = await reopened.handle(
            .init(
                method: "GET", target: "/v1/bookings?attempt=\(key)", headers: ["Authorization": "Bearer sk_test_alice"]
            ))
        #expect(response.status == 200)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
}
