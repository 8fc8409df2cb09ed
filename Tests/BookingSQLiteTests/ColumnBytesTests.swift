import BookingSQLite
import Foundation
import TestSupport
import Testing

/// `Statement.withBytes(at:_:)`: a column's bytes with no String made.
@Suite struct ColumnBytesTests {
    let directory = TemporaryDirectory("sqlite-column-bytes")

    /// The one row `(i, r, t, b, n)` of a fresh table, stepped onto.
    private func row(text: String, blob: Data) throws -> (Database, Statement) {
        let database = try Database(path: directory.file("b.sqlite"))
        try database.execute("CREATE TABLE v (i INTEGER, r REAL, t TEXT, b BLOB, n)")
        let insert = try database.prepare("INSERT INTO v VALUES (?, ?, ?, ?, NULL)")
        try insert.bind(Int64(-42), at: 1)
        try insert.bind(2.5, at: 2)
        try insert.bind(text, at: 3)
        try insert.bind(blob, at: 4)
        try insert.run()
        let select = try database.prepare("SELECT i, r, t, b, n FROM v")
        #expect(try select.step())
        return (database, select)
    }

    @Test func textBlobNumbersAndNullComeAsTheirBytes() throws {
        let text = "Lisboa · 東京 · nul\u{0}inside · \u{1B}[31m"
        let blob = Data([0, 1, 2, 255, 0])
        let (_, select) = try row(text: text, blob: blob)
        #expect(select.withBytes(at: 2) { $0.map { Array($0) } } == Array(text.utf8))
        #expect(select.withBytes(at: 3) { $0.map { Data($0) } } == blob)
        // Numbers as SQLite writes them as text.
        #expect(select.withBytes(at: 0) { $0.map { Array($0) } } == Array("-42".utf8))
        #expect(select.withBytes(at: 1) { $0.map { Array($0) } } == Array("2.5".utf8))
        #expect(select.withBytes(at: 4) { $0 == nil })
        // The bytes agree with the copying accessors, read after them.
        #expect(select.string(at: 2) == text)
        #expect(select.withBytes(at: 2) { $0?.count } == text.utf8.count)
    }

    @Test func emptyTextAndEmptyBlobAreEmptyNotNull() throws {
        let (_, select) = try row(text: "", blob: Data())
        #expect(select.withBytes(at: 2) { $0?.count } == 0)
        #expect(select.withBytes(at: 3) { $0?.count } == 0)
        #expect(select.withBytes(at: 4) { $0?.count } == nil)
    }

    @Test func anErrorThrownInsideTheClosureReachesTheCaller() throws {
        struct Stop: Error {}
        let (_, select) = try row(text: "x", blob: Data([1]))
        #expect(throws: Stop.self) { try select.withBytes(at: 2) { _ in throw Stop() } }
        // The row is still readable after.
        #expect(select.withBytes(at: 2) { $0.map { Array($0) } } == [0x78])
    }

    @Test func eachRowHandsItsOwnBytes() throws {
        let database = try Database(path: directory.file("rows.sqlite"))
        try database.execute("CREATE TABLE w (t TEXT)")
        let insert = try database.prepare("INSERT INTO w VALUES (?)")
        let values = (0..<200).map { String(repeating: "v\($0)-", count: 1 + $0 % 40) }
        for value in values {
            try insert.bind(value, at: 1)
            try insert.run()
            insert.reset()
        }
        let select = try database.prepare("SELECT t FROM w ORDER BY rowid")
        var read: [String] = []
        while try select.step() {
            read.append(select.withBytes(at: 0) { $0.map { String(decoding: $0, as: UTF8.self) } } ?? "NULL")
        }
        #expect(read == values)
    }

    @Test func unsafeBytesHoldSeveralColumnsOfOneRowAtOnce() throws {
        let (_, select) = try row(text: "Lisboa", blob: Data([7, 8]))
        let (text, blob, null) = (select.unsafeBytes(at: 2), select.unsafeBytes(at: 3), select.unsafeBytes(at: 4))
        #expect(text.map { Array($0) } == Array("Lisboa".utf8))
        #expect(blob.map { Array($0) } == [7, 8])
        #expect(null == nil)
    }
}
