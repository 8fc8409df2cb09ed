import BookingSQLite
import Foundation
import TestSupport
import Testing

@Suite struct StatementTests {
    let directory = TemporaryDirectory("sqlite-statement")

    private func makeDatabase() throws -> Database {
        let database = try Database(path: directory.file("s.sqlite"))
        try database.execute("CREATE TABLE v (i INTEGER, r REAL, t TEXT, b BLOB, n)")
        return database
    }

    @Test func everyTypeRoundTripsThroughBindAndColumn() throws {
        let database = try makeDatabase()
        let insert = try database.prepare("INSERT INTO v VALUES (?, ?, ?, ?, ?)")
        let text = "Lisboa · 東京 · emoji 🏨 · nul\u{0}inside"
        let blob = Data([0, 1, 2, 255, 0])
        try insert.bind(Int64.min, at: 1)
        try insert.bind(-0.5, at: 2)
        try insert.bind(text, at: 3)
        try insert.bind(blob, at: 4)
        try insert.bindNull(at: 5)
        try insert.run()
        insert.reset()
        try insert.bind(Int64.max, at: 1)
        try insert.bind(Double?.none, at: 2)
        try insert.bind("", at: 3)
        try insert.bind(Data(), at: 4)
        try insert.bind(String?.none, at: 5)
        try insert.run()

        let select = try database.prepare("SELECT i, r, t, b, n FROM v ORDER BY rowid")
        #expect(try select.step())
        #expect(select.int64(at: 0) == Int64.min)
        #expect(select.double(at: 1) == -0.5)
        #expect(select.string(at: 2) == text)
        #expect(select.data(at: 3) == blob)
        #expect(select.isNull(at: 4))
        #expect(select.value(at: 4) == .null)
        #expect(try select.step())
        #expect(select.int64(at: 0) == Int64.max)
        #expect(select.optionalString(at: 1) == nil)
        #expect(select.optionalString(at: 2) == "")
        #expect(select.optionalData(at: 3) == Data())  // empty blob, not NULL
        #expect(try !select.step())
    }

    @Test func bindingAnIndexOutOfRangeThrowsInsteadOfTrapping() throws {
        let database = try makeDatabase()
        let statement = try database.prepare("SELECT ?")
        let error = #expect(throws: SQLiteError.self) { try statement.bind(Int64(1), at: 2) }
        #expect(error?.code == .range)
        #expect(error?.sql == "SELECT ?")
    }

    @Test func aPrepareErrorCarriesCodeMessageAndSQL() throws {
        let database = try makeDatabase()
        let error = #expect(throws: SQLiteError.self) { try database.prepare("SELEKT 1") }
        #expect(error?.code == .error)
        #expect(error?.message.contains("syntax error") == true)
        #expect(error?.description.contains("SELEKT 1") == true)
    }

    @Test func boundValuesNeverAppearInAnErrorsDescription() throws {
        let database = try makeDatabase()
        try database.execute("CREATE TABLE card (holder TEXT NOT NULL UNIQUE)")
        try database.run("INSERT INTO card VALUES (?)", [.text("Ada Lovelace 4111")])
        let error = #expect(throws: SQLiteError.self) {
            try database.run("INSERT INTO card VALUES (?)", [.text("Ada Lovelace 4111")])
        }
        #expect(error?.isConstraintViolation == true)
        #expect(error?.extendedCode == .constraintUnique)
        #expect(error?.description.contains("Ada") == false)
        #expect(error?.description.contains("4111") == false)
    }

    @Test func theStatementCacheHandsBackTheSameStatementReset() throws {
        let database = try makeDatabase()
        let first = try database.cachedStatement("SELECT ? + 1")
        try first.bind(Int64(41), at: 1)
        #expect(try first.step())
        #expect(first.int64(at: 0) == 42)
        let second = try database.cachedStatement("SELECT ? + 1")
        #expect(first === second)
        // Reset and bindings cleared: NULL + 1 is NULL.
        #expect(try second.step())
        #expect(second.isNull(at: 0))
    }

    @Test func forEachRowStreamsEveryRowInOrder() throws {
        let database = try makeDatabase()
        try database.transaction {
            for i in 0..<1_000 { try database.run("INSERT INTO v (i) VALUES (?)", [.integer(Int64(i))]) }
        }
        var seen: [Int64] = []
        try database.prepare("SELECT i FROM v ORDER BY i").forEachRow { seen.append($0.int64(at: 0)) }
        #expect(seen == (0..<1_000).map(Int64.init))
    }

    @Test func aRuntimeErrorDuringStepIsThrownWithItsSQL() throws {
        let database = try makeDatabase()
        let error = #expect(throws: SQLiteError.self) {
            try database.prepare("SELECT abs(-9223372036854775808)").run()
        }
        #expect(error?.message.contains("integer overflow") == true)
    }
}
