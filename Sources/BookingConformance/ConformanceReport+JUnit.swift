import Foundation

extension ConformanceReport {
    /// The report as JUnit XML, one `testcase` per check: a broken promise
    /// is a `failure`, an incomplete check an `error`, a promise the server
    /// gave no way to exercise `skipped`; the exchanges are in the text.
    public var junit: String {
        let failures = results.filter { $0.verdict == .broken }.count
        let errors = results.filter { $0.verdict == .incomplete }.count
        let skipped = results.filter { $0.verdict == .notExercised }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"booking-conformance\" tests=\"\(results.count)\" failures=\"\(failures)\" "
        xml += "errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(Self.time(seconds))\">\n"
        xml += "  <testsuite name=\"\(Self.escaped(server))\" tests=\"\(results.count)\" failures=\"\(failures)\" "
        xml += "errors=\"\(errors)\" skipped=\"\(skipped)\" time=\"\(Self.time(seconds))\">\n"
        for result in results {
            xml += "    <testcase classname=\"booking-conformance\" name=\"\(result.check.rawValue)\" "
            xml += "time=\"\(Self.time(result.seconds))\">\n"
            let details = { (failure: CheckResult.Failure) in
                ([failure.message] + failure.exchanges.map(\.summary)).joined(separator: "\n")
            }
            switch result.verdict {
            case .kept: break
            case .broken:
                for failure in result.failures {
                    xml += "      <failure message=\"\(Self.escaped(failure.message))\" type=\"broken-promise\">"
                    xml += Self.escaped(details(failure)) + "</failure>\n"
                }
            case .incomplete:
                let stopped = result.stopped ?? CheckResult.Failure(message: "stopped", exchanges: [])
                xml += "      <error message=\"\(Self.escaped(stopped.message))\" type=\"incomplete\">"
                xml += Self.escaped(details(stopped)) + "</error>\n"
            case .notExercised:
                xml += "      <skipped message=\"\(Self.escaped(result.notes.joined(separator: "; ")))\"/>\n"
            }
            xml += "      <system-out>\(Self.escaped(([result.check.promise] + result.notes).joined(separator: "\n")))"
            xml += "</system-out>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Seconds with three decimals, as JUnit consumers read them.
    static func time(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// `text` with XML's special characters escaped, and the characters XML 1.0 cannot hold dropped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value) {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
