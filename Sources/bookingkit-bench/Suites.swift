/// Every suite, in report order.
enum Suites {
    static var all: [any BenchmarkSuite] {
        [
            DurableWriteSuite(),
            TripListingSuite(),
            BulkInsertSuite(),
            ResultPageSuite(),
            ReconcileSuite(),
            FlowSuite(),
            EndToEndSuite(),
            GrowthSuite(),
            GrowthProcessSuite(),
        ]
    }

    /// The suite named `name`, if any.
    static func named(_ name: String) -> (any BenchmarkSuite)? {
        all.first { $0.name == name }
    }
}
