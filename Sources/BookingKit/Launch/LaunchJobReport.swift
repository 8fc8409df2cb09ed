/// What the two launch-time jobs (`BookingRepository.reconcile` and
/// `TripRepository.settleCancels`) report alike: how many rows they
/// examined, and each error they met with its line for the logs.
protocol LaunchJobReport {
    /// An empty report.
    init()
    /// The rows the job looked at.
    var examined: Int { get set }
    /// Counts an error and keeps its line for the logs.
    mutating func noteError(_ message: String)
}

extension LaunchJobReport {
    /// Opens a job over the rows `load` reads: a report that counts them as
    /// examined, and the rows; when they cannot be read, a report of that
    /// one error ("cannot read `what`: ...") and no rows.
    static func opening<Row>(_ what: String, _ load: () throws -> [Row]) -> (report: Self, rows: [Row]?) {
        var report = Self()
        do {
            let rows = try load()
            report.examined = rows.count
            return (report, rows)
        } catch {
            report.noteError("cannot read \(what): \(error)")
            return (report, nil)
        }
    }
}
