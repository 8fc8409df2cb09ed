import BookingSQLite
import Foundation
import TestSupport
import Testing

/// A symbolic link, a FIFO or a directory where a database file or one of
/// its sidecars belongs is refused with a clear error, and what the link
/// points to keeps its mode and its bytes.
@Suite struct SymlinkTests {
    let directory = TemporaryDirectory("sqlite-links")
    let outside = TemporaryDirectory("sqlite-outside")

    /// A real database outside the data directory, `0644`, checkpointed and closed.
    private func makeOutsideDatabase() throws -> (path: String, bytes: Data) {
        try outside.looseFile("outside.db") { path in
            let database = try Database(path: path)
            try database.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (42)")
            try database.pragma("wal_checkpoint", set: "TRUNCATE")
        }
    }

    @Test func aDatabaseFileThatIsASymbolicLinkIsRefusedAndItsTargetIsUntouched() throws {
        let (target, bytes) = try makeOutsideDatabase()
        let path = directory.file("app.sqlite")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.message.contains("app.sqlite is a symbolic link") == true, "\(String(describing: error))")
        #expect(try FileFacts.mode(target) == 0o644)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
    }

    @Test func aDanglingSymbolicLinkIsRefusedAndNothingIsCreatedWhereItPoints() throws {
        let target = outside.file("never.db")
        let path = directory.file("app.sqlite")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.message.contains("is a symbolic link") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aReadOnlyOpenOfASymbolicLinkIsRefusedToo() throws {
        let (target, _) = try makeOutsideDatabase()
        let path = directory.file("app.sqlite")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        let error = #expect(throws: SQLiteError.self) { try Database(path: path, options: .init(readOnly: true)) }
        #expect(error?.message.contains("is a symbolic link") == true, "\(String(describing: error))")
    }

    @Test(arguments: ["-wal", "-shm"])
    func aSidecarThatIsASymbolicLinkIsRefusedAndItsTargetIsUntouched(suffix: String) throws {
        let path = directory.file("app.sqlite")
        do {
            let database = try Database(path: path)
            try database.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        }
        let target = outside.file("planted\(suffix)")
        let planted = Data("keep me".utf8)
        try planted.write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        try? FileManager.default.removeItem(atPath: path + suffix)
        try FileManager.default.createSymbolicLink(atPath: path + suffix, withDestinationPath: target)
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(
            error?.message.contains("app.sqlite\(suffix) is a symbolic link") == true, "\(String(describing: error))")
        #expect(try FileFacts.mode(target) == 0o644)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == planted)
    }

    @Test func aFIFOInPlaceOfTheDatabaseIsRefusedWithoutHanging() throws {
        let path = directory.file("app.sqlite")
        #expect(mkfifo(path, 0o600) == 0)
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.message.contains("is not a regular file") == true, "\(String(describing: error))")
    }

    @Test func aDirectoryInPlaceOfTheDatabaseIsRefused() throws {
        let path = directory.file("app.sqlite")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let error = #expect(throws: SQLiteError.self) { try Database(path: path) }
        #expect(error?.message.contains("is not a regular file") == true, "\(String(describing: error))")
    }

    @Test func anOwnerOnlyDirectoryIsMadeAndAnExistingLooseOneTightened() throws {
        let fresh = directory.file("fresh/data")
        try Database.makeOwnerOnlyDirectory(atPath: fresh)
        #expect(try FileFacts.mode(fresh) == 0o700)
        let loose = directory.file("loose")
        try FileManager.default.createDirectory(
            atPath: loose, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o755])
        #expect(try FileFacts.mode(loose) == 0o755)
        try Database.makeOwnerOnlyDirectory(atPath: loose)
        #expect(try FileFacts.mode(loose) == 0o700)
    }

    @Test func aDataDirectoryThatIsASymbolicLinkIsRefusedAndItsTargetKeepsItsMode() throws {
        let target = outside.file("shared")
        try FileManager.default.createDirectory(
            atPath: target, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o755])
        let link = directory.file("data")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let error = #expect(throws: SQLiteError.self) { try Database.makeOwnerOnlyDirectory(atPath: link) }
        #expect(error?.message.contains("is a symbolic link") == true, "\(String(describing: error))")
        #expect(try FileFacts.mode(target) == 0o755)
        // A link higher up the path is followed: only the last component is checked.
        let below = link + "/inside"
        try Database.makeOwnerOnlyDirectory(atPath: below)
        #expect(try FileFacts.mode(target + "/inside") == 0o700)
    }
}
