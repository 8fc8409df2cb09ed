import BookingSQLite
import Foundation
import TestSupport
import Testing

private struct Boom: Error, Equatable { let id: Int }

@Suite struct TransactionTests {
    let directory = TemporaryDirectory("sqlite-transaction")

    private func makeDatabase(busyTimeout: Int = 5_000) throws -> Database {
        try TableT.open(in: directory, busyTimeout: busyTimeout)
    }

    private func count(_ database: Database) throws -> SQLiteValue? { try TableT.count(database) }

    @Test func aTransactionCommitsWhatItsBodyDid() throws {
        let database = try makeDatabase()
        let result = try database.transaction {
            try database.run("INSERT INTO t VALUES (1)")
            try database.run("INSERT INTO t VALUES (2)")
            return "done"
        }
        #expect(result == "done")
        #expect(try count(database) == .integer(2))
        #expect(!database.isInTransaction)
    }

    @Test func aThrowingBodyRollsBackEverythingAndRethrowsItsOwnError() throws {
        let database = try makeDatabase()
        #expect(throws: Boom(id: 1)) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                throw Boom(id: 1)
            }
        }
        #expect(try count(database) == .integer(0))
        #expect(!database.isInTransaction)
    }

    @Test func aNestedTransactionIsASavepointThatRollsBackAlone() throws {
        let database = try makeDatabase()
        try database.transaction {
            try database.run("INSERT INTO t VALUES (1)")
            #expect(throws: Boom(id: 2)) {
                try database.transaction {
                    try database.run("INSERT INTO t VALUES (2)")
                    throw Boom(id: 2)
                }
            }
            try database.transaction { try database.run("INSERT INTO t VALUES (3)") }
        }
        var values: [Int64] = []
        try database.prepare("SELECT x FROM t ORDER BY x").forEachRow { values.append($0.int64(at: 0)) }
        #expect(values == [1, 3])
    }

    @Test func beginImmediateTakesTheWriteLockUpFront() throws {
        let first = try makeDatabase()
        let second = try makeDatabase(busyTimeout: 0)
        try first.transaction {
            // Even a transaction that would only read cannot start while
            // another holds the write lock: it fails at BEGIN, not halfway.
            let error = #expect(throws: SQLiteError.self) {
                try second.transaction { _ = try second.scalar("SELECT 1") }
            }
            #expect(error?.isBusy == true)
            #expect(!second.isInTransaction)
        }
    }
}
