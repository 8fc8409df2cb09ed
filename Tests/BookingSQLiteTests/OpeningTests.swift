import BookingSQLite
import Foundation
import TestSupport
import Testing

@Suite struct OpeningTests {
    let directory = TemporaryDirectory("sqlite-open")

    private func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func openingCreatesMissingDirectory0700AndFileAndSidecars0600() throws {
        let path = directory.file("nested/deeper/app.sqlite")
        let database = try Database(path: path)
        try database.executeScript("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
        #expect(mode(directory.file("nested/deeper")) == 0o700)
        #expect(mode(path) == 0o600)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(mode(path + "-wal") == 0o600)
        #expect(mode(path + "-shm") == 0o600)
    }

    @Test func anInMemoryDatabaseOpensAndLeavesNoFileBehind() throws {
        let before = FileManager.default.fileExists(atPath: ":memory:")
        let database = try Database(path: ":memory:")
        try database.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(try database.scalar("SELECT count(*) FROM t") == .integer(1))
        #expect(FileManager.default.fileExists(atPath: ":memory:") == before)
    }

    @Test func aFileFound0644IsTightenedTo0600() throws {
        let path = directory.file("loose.sqlite")
        _ = try Database(path: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(mode(path) == 0o644)
        _ = try Database(path: path)
        #expect(mode(path) == 0o600)
    }

    @Test(arguments: [(Database.Synchronous.full, "2"), (.normal, "1")])
    func synchronousReadsBackAsRequested(level: Database.Synchronous, expected: String) throws {
        let database = try Database(path: directory.file("sync.sqlite"), options: .init(synchronous: level))
        #expect(try database.pragma("synchronous") == expected)
        #expect(try database.pragma("journal_mode") == "wal")
    }

    @Test func foreignKeysDefensiveAndSecureDeleteAreOn() throws {
        let database = try Database(path: directory.file("settings.sqlite"))
        #expect(try database.pragma("foreign_keys") == "1")
        #expect(try database.pragma("secure_delete") == "1")
        #expect(database.isDefensive)
        try database.executeScript(
            "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p INTEGER REFERENCES parent(id))")
        #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO child VALUES (42)") }
    }

    @Test func defensiveModeRefusesWritableSchemaTricks() throws {
        let database = try Database(path: directory.file("defensive.sqlite"))
        try database.execute("CREATE TABLE t (x)")
        try database.execute("PRAGMA writable_schema = ON")
        // DEFENSIVE makes the schema read-only even with writable_schema.
        #expect(throws: SQLiteError.self) {
            try database.execute("UPDATE sqlite_schema SET sql = 'CREATE TABLE t (y)' WHERE name = 't'")
        }
    }

    @Test func aFileThatIsNotADatabaseIsATypedErrorAndIsLeftAsItWas() throws {
        let path = directory.file("notes.sqlite")
        let content = Data(String(repeating: "these are not the pages you are looking for\n", count: 200).utf8)
        try content.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.isCorrupt == true)
        #expect(error?.code == .notADatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    }

    @Test func aMissingDirectoryThatCannotBeCreatedIsATypedError() throws {
        let blocker = directory.file("file-not-dir")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let error = #expect(throws: SQLiteError.self) { try Database(path: blocker + "/inside/app.sqlite") }
        #expect(error?.message.contains("cannot") == true)
    }

    @Test func aReadOnlyFileIsRefusedForWritingWithAClearError() throws {
        let path = directory.file("ro.sqlite")
        do {
            let database = try Database(path: path)
            try database.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (7)")
            try database.pragma("wal_checkpoint", set: "TRUNCATE")
        }
        if let problem = FileProtection.makeReadOnly(path) {
            Issue.record("\(problem)")
            return
        }
        defer { FileProtection.makeWritable(path) }
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.isReadOnly == true)
        // Asked for read-only, the same file opens and its rows are there.
        let reader = try Database(path: path, options: .init(readOnly: true))
        #expect(try reader.scalar("SELECT x FROM t") == .integer(7))
    }
}
