import Testing

/// Runs a test, or every test of a suite, on ``OwnQueue``: `@Suite(.ownQueue)`.
/// For the tests whose assertions depend on when their own work runs; see
/// ``OwnQueue`` for why the shared pool cannot promise that.
public struct OwnQueueTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope is entered once for the suite, and again for
        // each of its tests (the trait is recursive): only a test case's
        // body needs the queue.
        guard testCase != nil else { return try await function() }
        try await onOwnQueue { try await function() }
    }
}

extension Trait where Self == OwnQueueTrait {
    /// Runs the test, or every test of the suite, on ``OwnQueue``.
    public static var ownQueue: Self { OwnQueueTrait() }
}
