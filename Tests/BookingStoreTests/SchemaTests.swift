import BookingSQLite
import BookingStore
import Foundation
import TestSupport
import Testing

@Suite struct SchemaTests {
    let directory = TemporaryDirectory("store-schema")

    @Test func theEmbeddedStepsAreExactlyTheFilesInSchemaClient() throws {
        let folder = (BuiltProducts.packageRoot as NSString).appendingPathComponent("Schema/client")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sql") }.sorted()
        let onDisk = try names.map { name in
            (name: String(name.dropLast(4)), sql: try String(contentsOfFile: folder + "/" + name, encoding: .utf8))
        }
        let embedded = ClientSchema.embeddedFiles
        // A file added since the last clean build shows up here as a count
        // mismatch: run `swift package clean` and build again.
        #expect(embedded.map(\.name) == onDisk.map(\.name))
        for (embeddedFile, file) in zip(embedded, onDisk) {
            #expect(embeddedFile.sql == file.sql, "Schema/client/\(file.name).sql differs from the embedded copy")
        }
        #expect(ClientSchema.bookingSteps.count + ClientSchema.cacheSteps.count == onDisk.count)
    }

    /// booking.sqlite: attempts and trips, synchronous FULL (2); cache.sqlite:
    /// searches and pages, synchronous OFF (0: never synced, rebuilt when damaged); neither has the other's.
    @Test(arguments: [
        (file: "booking", synchronous: "2", tables: ["booking_attempt", "trip"], absent: "result_page"),
        (file: "cache", synchronous: "0", tables: ["recent_search", "result_page"], absent: "booking_attempt"),
    ])
    func eachFileHoldsItsOwnTablesAtItsSynchronousLevel(
        file: String, synchronous: String, tables expected: [String], absent: String
    ) throws {
        let database =
            file == "booking"
            ? try BookingDatabase(directory: directory.path).database
            : try CacheDatabase(directory: directory.path).database
        #expect(try database.pragma("synchronous") == synchronous)
        let tables = try tableNames(database)
        #expect(tables.isSuperset(of: expected))
        #expect(!tables.contains(absent))
    }

    @Test(ExternalTool.needed("sqlite3"))
    func theSqlite3ShellSeesTheTablesTheCodeCreated() async throws {
        let shell = try #require(ExternalTool.path("sqlite3"))
        _ = try BookingDatabase(directory: directory.path)
        _ = try CacheDatabase(directory: directory.path)
        let bookingFile = directory.file("booking.sqlite")
        let cacheFile = directory.file("cache.sqlite")
        let booking = try await onOwnThread { ChildProcess.run(shell, [bookingFile, ".schema"]) }
        #expect(booking.standardOutput.contains("CREATE TABLE booking_attempt"))
        #expect(booking.standardOutput.contains("CREATE TABLE trip"))
        let cache = try await onOwnThread { ChildProcess.run(shell, [cacheFile, ".schema"]) }
        #expect(cache.standardOutput.contains("CREATE TABLE recent_search"))
        #expect(cache.standardOutput.contains("CREATE TABLE result_page"))
    }

    private func tableNames(_ database: Database) throws -> Set<String> {
        var names = Set<String>()
        try database.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").forEachRow {
            names.insert($0.string(at: 0))
        }
        return names
    }
}
