import BookingStore
import Foundation
import TestSupport
import Testing

/// The saved Retry-After gate: one row per server, a later deadline kept,
/// and only a believable deadline read back (the cache may hold anything).
@Suite struct RetryAfterGateTableTests {
    let directory = TemporaryDirectory("store-retry-after")
    let now: Int64 = 1_780_272_000
    let server = "http://127.0.0.1:8080"

    @Test func aSavedDeadlineIsReadBackByANewConnectionUntilItPasses() throws {
        try CacheDatabase(directory: directory.path).retryAfterGates.record(
            server: server, notBefore: now + 3_601, nowUnixSeconds: now)
        let gates = try CacheDatabase(directory: directory.path).retryAfterGates
        #expect(try gates.deadline(server: server, nowUnixSeconds: now) == now + 3_601)
        #expect(try gates.deadline(server: server, nowUnixSeconds: now + 3_600) == now + 3_601)
        #expect(try gates.deadline(server: server, nowUnixSeconds: now + 3_601) == nil)
        #expect(try gates.deadline(server: "http://other:1", nowUnixSeconds: now) == nil)
    }

    @Test func anEarlierDeadlineNeverShortensALaterOne() throws {
        let gates = try CacheDatabase(directory: directory.path).retryAfterGates
        try gates.record(server: server, notBefore: now + 600, nowUnixSeconds: now)
        try gates.record(server: server, notBefore: now + 30, nowUnixSeconds: now)
        #expect(try gates.deadline(server: server, nowUnixSeconds: now) == now + 600)
    }

    @Test func aRowInThePastOrTooFarAheadIsNoGate() throws {
        let cache = try CacheDatabase(directory: directory.path)
        try cache.database.run(
            "INSERT INTO retry_after_gate (server, not_before, recorded_at) VALUES (?1, ?2, ?3), (?4, ?5, ?3)",
            [.text(server), .integer(now - 5), .integer(now), .text("http://far:1"), .integer(.max)])
        #expect(try cache.retryAfterGates.deadline(server: server, nowUnixSeconds: now) == nil)
        #expect(try cache.retryAfterGates.deadline(server: "http://far:1", nowUnixSeconds: now) == nil)
        // A garbage row is replaced by the next real one, even an earlier deadline.
        try cache.retryAfterGates.record(server: "http://far:1", notBefore: now + 60, nowUnixSeconds: now)
        #expect(try cache.retryAfterGates.deadline(server: "http://far:1", nowUnixSeconds: now) == now + 60)
    }
}
