import BookingPrimitives

/// A `booking trips` or `booking trip ID` command line the lean viewer can
/// answer by itself, with the settings it needs resolved exactly as the
/// CLI resolves them. Anything else (another command, `--help`, an option
/// it does not know, a value the CLI would refuse) is not a request: the
/// full CLI answers it, errors included.
package struct ViewerRequest: Equatable, Sendable {
    /// `trip ID`; nil for `trips`.
    package var tripID: String?
    /// `--json`.
    package var json: Bool
    /// `--ics`: the trips as one iCalendar document.
    package var ics: Bool
    /// The data directory (`--data-dir`, `XDG_DATA_HOME/booking`, `~/.local/share/booking`).
    package var dataDirectory: String
    /// The server's host and port (`--server`, `BOOKING_SERVER`); nil for the embedded sandbox.
    package var server: (host: String, port: UInt16)?
    /// The server and account whose trips are asked for, named as the CLI
    /// names them (`Settings.dataSpace`): the viewer shows the data
    /// directory only when its owner file names this space, or it has none.
    package var dataSpace: DataSpace

    /// The flags it reads: the CLI's global `--json` and the `--refresh`
    /// that `trips` and `trip` declare (a test in BookingCLITests holds
    /// these two lists to the CLI's declarations).
    package static let flags: Set<String> = ["--json", "--refresh", "--ics"]
    /// The options with a value it reads: the CLI's global options.
    package static let valueOptions: Set<String> = ["--data-dir", "--server", "--api-key"]

    package static func == (lhs: ViewerRequest, rhs: ViewerRequest) -> Bool {
        lhs.tripID == rhs.tripID && lhs.json == rhs.json && lhs.ics == rhs.ics && lhs.dataDirectory == rhs.dataDirectory
            && lhs.server?.host == rhs.server?.host && lhs.server?.port == rhs.server?.port
            && lhs.dataSpace == rhs.dataSpace
    }

    /// The environment variables a request reads (`environment` needs
    /// only these).
    package static let variables = ["BOOKING_API_KEY", "BOOKING_ACCOUNT", "BOOKING_SERVER", "XDG_DATA_HOME", "HOME"]

    /// The request in `arguments`, or nil when the full CLI must answer.
    package init?(arguments: [String], environment: [String: String], currentDirectory: String) {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if Self.flags.contains(word) {
                guard flags.insert(word).inserted else { return nil }
            } else if Self.valueOptions.contains(word) {
                guard index < arguments.count, !arguments[index].hasPrefix("--"), values[word] == nil else {
                    return nil
                }
                values[word] = arguments[index]
                index += 1
            } else if word.hasPrefix("-") {
                return nil
            } else {
                words.append(word)
            }
        }
        // `--json --refresh` waits for the server first: the full CLI does
        // that; `--ics` with either is the CLI's to refuse or to refresh.
        if flags.contains("--refresh") && flags.contains("--json") { return nil }
        if flags.contains("--ics") && (flags.contains("--json") || flags.contains("--refresh")) { return nil }
        switch words.count {
        case 1 where words[0] == "trips": tripID = nil
        case 2 where words[0] == "trip" && Self.isIdentifier(words[1]): tripID = words[1]
        default: return nil
        }
        json = flags.contains("--json")
        ics = flags.contains("--ics")
        func setting(_ option: String, _ variable: String) -> String? {
            values[option] ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        let apiKey = setting("--api-key", "BOOKING_API_KEY") ?? Self.demoKey
        let keyBytes = Array(apiKey.utf8)
        guard (1...128).contains(keyBytes.count), keyBytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return nil
        }
        let serverName: String
        if let server = setting("--server", "BOOKING_SERVER") {
            guard let address = Self.address(server) else { return nil }
            self.server = (address.host, address.port)
            serverName = DataSpace.server(host: address.host, port: Int(address.port), path: address.path)
        } else {
            server = nil
            serverName = "embedded"
        }
        if let account = environment["BOOKING_ACCOUNT"], !account.isEmpty {
            dataSpace = DataSpace(server: serverName, account: account)
        } else {
            dataSpace = DataSpace(server: serverName, apiKey: apiKey)
        }
        if let given = values["--data-dir"] {
            guard !given.isEmpty, !given.utf8.contains(0) else { return nil }
            dataDirectory = given.hasPrefix("/") ? given : Self.joined(currentDirectory, given)
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataDirectory = Self.joined(xdg, "booking")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            dataDirectory = Self.joined(home, ".local/share/booking")
        } else {
            return nil
        }
    }

    /// The key the CLI uses when none is given (`Settings.demoKey`; a test
    /// in BookingCLITests holds the two equal).
    static let demoKey = "sk_test_demo"

    /// 1 to 64 letters, digits, `-` or `_` (the CLI's rule for ids).
    package static func isIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return (1...64).contains(bytes.count)
            && bytes.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x2D || byte == 0x5F
            }
    }

    /// `directory` and `name` joined by one `/`.
    static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The host and port of a server URL the CLI accepts (https anywhere,
    /// http to loopback only, no credentials, query or fragment); nil for
    /// any other, and for any form this reader does not take apart (the full
    /// CLI reads it, or says why it refuses it).
    static func address(_ text: String) -> (host: String, port: UInt16, path: String)? {
        let bytes = Array(text.utf8)
        // Printable ASCII with no space, and none of `?`, `#`, `@`, `%`, `\`:
        // a query, a fragment, credentials, escapes are the CLI's to read.
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x21...0x7E).contains($0) && !Array("?#@%\\".utf8).contains($0) }),
            let separator = text.firstOccurrence(of: "://")
        else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        let rest = text[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" }
        var host: String
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard ViewerPlatform.cliConnectsToIPv6Literals, let close = authority.firstIndex(of: "]") else {
                return nil
            }
            host = authority[authority.index(after: authority.startIndex)..<close].lowercased()
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else {
            let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0].lowercased()
            portText = parts.count == 2 ? parts[1] : nil
            let hostBytes = Array(host.utf8)
            guard
                hostBytes.allSatisfy({ byte in
                    (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x2D
                })
            else { return nil }
        }
        guard !host.isEmpty else { return nil }
        let loopback =
            host == "localhost" || host == "::1"
            || (host.hasPrefix("127.") && host.split(separator: ".").count == 4
                && host.split(separator: ".").allSatisfy { UInt8($0) != nil })
        var port: Int
        switch scheme {
        case "https": port = 443
        case "http" where loopback: port = 80
        default: return nil
        }
        if let portText {
            // A port outside 1-65535 (99999) goes to the CLI, which refuses
            // it with the reason (exit 2).
            guard !portText.isEmpty, portText.count <= 5, portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let given = Int(portText)
            else { return nil }
            port = given
        }
        guard (1...65_535).contains(port) else { return nil }
        return (host, UInt16(port), String(rest.dropFirst(authority.count)))
    }
}
