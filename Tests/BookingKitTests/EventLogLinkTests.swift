import BookingKit
import Foundation
import TestSupport
import Testing

/// The event log never writes through a planted symbolic link.
@Suite struct EventLogLinkTests {
    let directory = TemporaryDirectory("event-log-links")
    let outside = TemporaryDirectory("event-log-outside")

    @Test func aLogPathThatIsASymbolicLinkIsRefusedAndItsTargetIsUntouched() throws {
        let target = outside.file("victim.txt")
        let bytes = Data("precious\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: target))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: target)
        try FileManager.default.createDirectory(atPath: directory.file("logs"), withIntermediateDirectories: true)
        let path = directory.file("logs/run.jsonl")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(throws: (any Error).self) { try EventLog(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == bytes)
        let mode = (try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o644)
    }

    @Test func aDanglingLinkAtTheLogPathCreatesNothingWhereItPoints() throws {
        let target = outside.file("created-by-nobody.txt")
        let path = directory.file("run.jsonl")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(throws: (any Error).self) { try EventLog(path: path) }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aLogsDirectoryThatIsASymbolicLinkIsRefused() throws {
        let elsewhere = outside.file("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.file("logs"), withDestinationPath: elsewhere)
        #expect(throws: (any Error).self) { try EventLog(path: directory.file("logs/run.jsonl")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    }

    @Test func aNewLogIsOwnerOnlyAndAppendsToAnExistingOne() throws {
        let path = directory.file("logs/run.jsonl")
        do {
            let log = try EventLog(path: path)
            log.append(.backTapped, state: .init(stage: .browsing), effects: [])
        }
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        let log = try EventLog(path: path)
        log.append(.backTapped, state: .init(stage: .browsing), effects: [])
        #expect(try EventLog.read(path).map(\.sequence) == [1, 2])
    }
}
