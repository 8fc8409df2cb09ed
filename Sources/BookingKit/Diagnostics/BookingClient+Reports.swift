import BookingCore
import BookingStore
import Foundation

extension BookingClient {
    /// A redacted bug report of one attempt that replays: its saved row and
    /// the event logs of every run of the app that named it (kept only when
    /// `Configuration.flowLog` is set; without it the report holds the row
    /// alone), with the library's version, the schema and the platform.
    /// Never a payment token, a card-like number, a voucher code or the API
    /// key in use. Send `encoded()`; `BugReport.init(data:)` and `replay()`
    /// read it back and replay it state by state.
    ///
    /// Reads only: nothing is sent. A log that cannot be read is left out.
    ///
    /// - Parameter attempt: the attempt (`BookingFlow.Stage.attemptID`);
    ///   nil for the latest one saved.
    /// - Throws: `BugReportError.unknownAttempt` or `.noAttempt`, or
    ///   `.storeUnreadable` when the saved attempts cannot be read.
    public func bugReport(attempt: AttemptID? = nil) throws(BugReportError) -> BugReport {
        let directory = self.directory
        do {
            let database = try BookingDatabase(directory: directory, access: .readOnly)
            let made = try BugReport.make(
                attempt: attempt, database: database, logDirectory: configuration.flowLog?.directory.path,
                program: Self.programName, secrets: reportSecrets, now: dependencies.now()
            ).report
            // Scrubbed whole once more and read back, so what the app
            // holds (and encodes again) has no secret anywhere.
            return try BugReport(data: try made.encoded(removing: reportSecrets))
        } catch let error as BugReportError {
            throw error
        } catch {
            throw .storeUnreadable(String(describing: error).prefix(300).description)
        }
    }

    /// The library and the app that made a report, with the app's version
    /// when its bundle has one.
    private static var programName: String {
        let info = Bundle.main.infoDictionary ?? [:]
        let app = [info["CFBundleName"], info["CFBundleShortVersionString"]].compactMap { $0 as? String }
        return (["BookingKit"] + (app.isEmpty ? [] : ["in"] + app)).joined(separator: " ")
    }

    /// The secrets a report removes wherever they appear: the API key in use.
    private var reportSecrets: [String] {
        if case .apiKey(let key) = configuration.credential { return [key] }
        return []
    }
}
