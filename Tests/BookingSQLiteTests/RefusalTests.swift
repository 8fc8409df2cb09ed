import BookingSQLite
import Foundation
import TestSupport
import Testing

/// The SQL the C API would silently run less of, refused before anything runs.
@Suite struct RefusalTests {
    let directory = TemporaryDirectory("sqlite-refusal")

    private func makeDatabase() throws -> Database { try TableT.open(in: directory) }

    private func count(_ database: Database) throws -> SQLiteValue? { try TableT.count(database) }

    @Test func sqlAfterTheFirstStatementIsRefusedAndNothingRuns() throws {
        let database = try makeDatabase()
        for sql in [
            "INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)",
            "INSERT INTO t VALUES (1); DROP TABLE t",
            "INSERT INTO t VALUES (1); garbage",
        ] {
            let error = #expect(throws: SQLiteError.self) { try database.execute(sql) }
            #expect(error?.code == .misuse, "\(sql)")
            guard case .trailingSQL(let rest)? = error?.refusal else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(!rest.contains("INSERT INTO t VALUES (1)"))
            #expect(throws: SQLiteError.self) { try database.run(sql) }
            #expect(throws: SQLiteError.self) { try database.prepare(sql) }
        }
        #expect(try count(database) == .integer(0))
    }

    @Test func blanksCommentsAndSemicolonsAfterTheStatementAreNotTrailingSQL() throws {
        let database = try makeDatabase()
        try database.execute("INSERT INTO t VALUES (1);")
        try database.execute("INSERT INTO t VALUES (2);  -- a comment\n /* another */ ;\n")
        #expect(try count(database) == .integer(2))
    }

    @Test func aScriptRunsEveryStatementThroughItsOwnNamedPath() throws {
        let database = try makeDatabase()
        try database.executeScript("INSERT INTO t VALUES (1); INSERT INTO t VALUES (2)")
        #expect(try count(database) == .integer(2))
    }

    @Test func sqlWithNoStatementIsATypedErrorNotSQLiteOK() throws {
        let database = try makeDatabase()
        for sql in ["", "   ", "-- only a comment", ";"] {
            let error = #expect(throws: SQLiteError.self) { try database.prepare(sql) }
            #expect(error?.refusal == .noStatement, "\(sql)")
            #expect(error?.code == .misuse)
            #expect(error?.code != .ok)
        }
    }

    @Test func tooFewOrTooManyValuesAreRefusedInsteadOfBindingNull() throws {
        let database = try makeDatabase()
        let few = #expect(throws: SQLiteError.self) { try database.run("INSERT INTO t VALUES (?)") }
        #expect(few?.refusal == .parameterCount(expected: 1, given: 0))
        let many = #expect(throws: SQLiteError.self) {
            try database.run("INSERT INTO t VALUES (?)", [.integer(1), .integer(2)])
        }
        #expect(many?.refusal == .parameterCount(expected: 1, given: 2))
        let statement = try database.prepare("SELECT ?, ?3")
        #expect(statement.parameterCount == 3)
        #expect(throws: SQLiteError.self) { try statement.bind([.integer(1), .integer(2)]) }
        let parameters = #expect(throws: SQLiteError.self) { try database.execute("INSERT INTO t VALUES (?)") }
        #expect(parameters?.refusal == .parameterCount(expected: 1, given: 0))
        #expect(try count(database) == .integer(0))
        try database.run("INSERT INTO t VALUES (?)", [.integer(1)])
        #expect(try count(database) == .integer(1))
    }

    @Test func resultCodesMatchTheirFamilyOrExactly() throws {
        let database = try makeDatabase()
        try database.execute("CREATE TABLE u (k TEXT UNIQUE)")
        try database.run("INSERT INTO u VALUES ('a')")
        let error = #expect(throws: SQLiteError.self) { try database.run("INSERT INTO u VALUES ('a')") }
        let code = try #require(error?.extendedCode)
        #expect(ResultCode.constraint ~= code)
        #expect(ResultCode.constraintUnique ~= code)
        #expect(!(ResultCode.constraintCheck ~= code))
        #expect(!(ResultCode.busy ~= code))
        switch code {
        case .constraintCheck: Issue.record("an extended code matched another of its family")
        case .constraintUnique: break
        default: Issue.record("\(code) did not match .constraintUnique")
        }
        #expect(code.primary == .constraint)
        #expect(!code.isPrimary)
        #expect(error?.isConstraintViolation == true)
    }
}
