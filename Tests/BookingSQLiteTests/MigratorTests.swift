import BookingSQLite
import Foundation
import TestSupport
import Testing

@Suite struct MigratorTests {
    let directory = TemporaryDirectory("sqlite-migrator")

    let steps = [
        Migrator.Step(name: "0001_a", sql: "CREATE TABLE a (x INTEGER)"),
        Migrator.Step(name: "0002_b", sql: "CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (1)"),
    ]

    @Test func stepsApplyInOrderExactlyOnce() throws {
        let database = try Database(path: directory.file("m.sqlite"))
        #expect(try Migrator(steps: steps).migrate(database) == ["0001_a", "0002_b"])
        #expect(try Migrator(steps: steps).migrate(database) == [])
        #expect(try database.scalar("SELECT count(*) FROM a") == .integer(1))
        #expect(try Migrator(steps: steps).appliedNames(database) == ["0001_a", "0002_b"])
    }

    @Test func aLaterBuildAppliesOnlyItsNewSteps() throws {
        let path = directory.file("m.sqlite")
        try Migrator(steps: [steps[0]]).migrate(try Database(path: path))
        let applied = try Migrator(steps: steps).migrate(try Database(path: path))
        #expect(applied == ["0002_b"])
    }

    @Test func aFailingStepLeavesNeitherItsChangesNorItsRecord() throws {
        let database = try Database(path: directory.file("m.sqlite"))
        let broken =
            steps + [Migrator.Step(name: "0003_broken", sql: "CREATE TABLE c (z); INSERT INTO nowhere VALUES (1)")]
        #expect(throws: SQLiteError.self) { try Migrator(steps: broken).migrate(database) }
        #expect(try Migrator(steps: broken).appliedNames(database) == ["0001_a", "0002_b"])
        #expect(try database.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'c'") == .integer(0))
    }

    @Test func aDatabaseFromANewerBuildIsRefusedAndLeftUntouched() throws {
        let path = directory.file("newer.sqlite")
        let newer = steps + [Migrator.Step(name: "0003_future", sql: "CREATE TABLE future (f)")]
        try Migrator(steps: newer).migrate(try Database(path: path))
        let database = try Database(path: path)
        let before = try database.scalar("SELECT count(*) FROM schema_migration")
        let error = #expect(throws: MigrationError.self) { try Migrator(steps: steps).migrate(database) }
        #expect(error == .databaseIsNewer(path: path, unknownSteps: ["0003_future"]))
        #expect(error?.description.contains("newer version") == true)
        #expect(try database.scalar("SELECT count(*) FROM schema_migration") == before)
    }
}
