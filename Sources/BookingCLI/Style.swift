/// The few terminal styles the CLI uses (ANSI SGR codes). Applied only when
/// the console says colour is on: a terminal, and no `NO_COLOR`.
package enum Style: Sendable {
    /// Titles.
    case bold
    /// Notes.
    case dim
    /// Held, confirmed.
    case green
    /// Failed, expired, cancelled.
    case red
    /// Waiting on the server; warnings.
    case yellow

    var code: String {
        switch self {
        case .bold: return "1"
        case .dim: return "2"
        case .green: return "32"
        case .red: return "31"
        case .yellow: return "33"
        }
    }

    /// `text` wrapped in this style's escape codes.
    func apply(_ text: String) -> String {
        "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
