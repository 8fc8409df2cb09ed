import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a suite that only guards against a hang. Swift
    /// Testing counts a test's wait for a thread in its time: on a loaded
    /// 2-core machine (CI starts ~200 suites at once; here two busy loops
    /// beside the whole bundle) tests that take under a second alone passed
    /// after 60 s, and a one-minute limit failed tests that were not hung.
    static var hangLimit: Self { .timeLimit(.minutes(3)) }
}
