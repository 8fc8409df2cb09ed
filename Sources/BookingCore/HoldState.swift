/// The server's hold states. The client copies the list and never moves a
/// hold's state on its own.
package enum HoldState: String, CaseIterable, Codable, Sendable {
    /// The room is kept for the user.
    case held = "HELD"
    /// The hold ran out: the server refuses to pay it.
    case expired = "EXPIRED"
    /// A booking was made from it.
    case booked = "BOOKED"
}
