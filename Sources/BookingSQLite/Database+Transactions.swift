extension Database {
    /// Runs `body` in a transaction and returns its result.
    ///
    /// The outermost call opens `BEGIN IMMEDIATE` (the write lock is taken up
    /// front, so a busy database fails here, not halfway through) and commits
    /// when `body` returns. A nested call opens a savepoint instead. When
    /// `body` throws, everything it did is rolled back and its error rethrown;
    /// a failure of the rollback itself never hides that first error.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        let depth = transactionDepth
        let savepoint = depth == 0 ? "" : "bk_savepoint_\(depth)"
        // The outermost BEGIN and COMMIT run as cached prepared statements:
        // parsing them again with sqlite3_exec for every transaction was
        // about 11,000 instructions of each result-page put (BENCHMARKS.md).
        if depth == 0 {
            try run("BEGIN IMMEDIATE")
        } else {
            try execute("SAVEPOINT \(savepoint)")
        }
        transactionDepth += 1
        defer { transactionDepth = depth }
        let result: T
        do {
            result = try body()
        } catch {
            rollback(depth: depth, savepoint: savepoint)
            throw error
        }
        do {
            if depth == 0 {
                try run("COMMIT")
            } else {
                try execute("RELEASE \(savepoint)")
            }
        } catch {
            rollback(depth: depth, savepoint: savepoint)
            throw error
        }
        return result
    }

    private func rollback(depth: Int, savepoint: String) {
        if depth == 0 {
            // Some errors (SQLITE_FULL, IOERR) roll back on their own; only
            // roll back what is still open.
            if isInTransaction { try? execute("ROLLBACK") }
        } else {
            try? execute("ROLLBACK TO \(savepoint)")
            try? execute("RELEASE \(savepoint)")
        }
    }
}
