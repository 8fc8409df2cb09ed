/// One group of figures, selectable with `--suite NAME`.
///
/// Each suite measures the store against a baseline in the same process,
/// interleaved, and checks that both sides did the same work (row counts,
/// checksums) before it reports a figure. Later suites (the CLI's cold
/// start, launch reconciliation) plug in here: add a file with a type that
/// conforms, and list it in `Suites.all`.
protocol BenchmarkSuite {
    /// The name `--suite` selects it by.
    var name: String { get }
    /// One line on what it measures.
    var summary: String { get }
    /// Runs the suite and returns its figures.
    ///
    /// - Throws: when either side fails, or when the two sides did not do
    ///   the same work (a harness bug: no figure is reported then).
    func run(_ context: SuiteContext) throws -> [Figure]
}

/// How big a run is.
enum Scale {
    /// Tiny counts to keep the harness working in CI; times mean nothing.
    case quick
    /// The counts of the issue; the figures of BENCHMARKS.md.
    case full
}

/// What a suite runs with.
struct SuiteContext {
    /// The run's scratch directory on a real disk.
    let scratch: ScratchDirectory
    let scale: Scale
    /// Where progress lines go (standard error, so `--markdown` stays clean).
    let log: (String) -> Void

    /// A fresh, empty directory for one database.
    func directory(_ name: String) throws -> String {
        try scratch.makeDirectory(name)
    }
}

extension SuiteContext {
    /// Throws unless the store and the baseline agree on `what`.
    func expectSame<T: Equatable>(_ what: String, store: T, baseline: T) throws {
        guard store == baseline else {
            throw BenchError(description: "\(what): the store read \(store), the C baseline \(baseline)")
        }
    }
}
