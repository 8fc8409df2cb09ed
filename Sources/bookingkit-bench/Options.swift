/// The command line of `bookingkit-bench`.
struct Options {
    /// Which side the fsync probe runs.
    enum Side: String {
        case store
        case c
    }

    var scale: Scale = .full
    var markdown = false
    var suite: String?
    var directory: String?
    var list = false
    var help = false
    /// `--fsync-probe SIDE`: only open booking.sqlite and make `commits`
    /// durable attempt writes on one side, untimed (for count-fsyncs.sh).
    var fsyncProbe: Side?
    var commits = 100

    static let usage = """
        usage: bookingkit-bench [--quick] [--markdown] [--suite NAME] [--dir PATH]
               bookingkit-bench --list
               bookingkit-bench --fsync-probe store|c [--commits N] [--dir PATH]

          --quick          tiny counts: keeps the harness working (CI); the times mean nothing
          --markdown       print the BENCHMARKS.md machine line and table rows
          --suite NAME     run one suite (see --list)
          --dir PATH       where to make the run's scratch directory (not tmpfs);
                           default $TMPDIR, /tmp, then ./.build
          --list           list the suites
          --fsync-probe S  open a fresh booking.sqlite and make N durable attempt
                           writes through S (store or c), untimed; for scripts/count-fsyncs.sh
          --commits N      commits of --fsync-probe (default 100; 0 measures the setup)
        """

    /// Parses the arguments (without the program name).
    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(of flag: String) throws -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(description: "\(flag) needs a value")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.scale = .quick
            case "--markdown": options.markdown = true
            case "--suite":
                let name = try value(of: argument)
                guard Suites.named(name) != nil else {
                    throw UsageError(description: "no suite named \(name); --list shows them")
                }
                options.suite = name
            case "--dir": options.directory = try value(of: argument)
            case "--list": options.list = true
            case "--help", "-h": options.help = true
            case "--fsync-probe":
                let side = try value(of: argument)
                guard let parsed = Side(rawValue: side) else {
                    throw UsageError(description: "--fsync-probe takes store or c, not \(side)")
                }
                options.fsyncProbe = parsed
            case "--commits":
                let text = try value(of: argument)
                guard let commits = Int(text), commits >= 0 else {
                    throw UsageError(description: "--commits takes a count, not \(text)")
                }
                options.commits = commits
            default:
                throw UsageError(description: "unknown argument \(argument)")
            }
        }
        return options
    }
}

/// A command line that does not parse; exits 2 with the usage.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}
