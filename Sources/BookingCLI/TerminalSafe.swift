import BookingPrimitives

/// Text made safe to print to a person's terminal: `BookingPrimitives.TerminalSafe`,
/// the one copy of the rule, under the name the CLI's code uses.
package typealias TerminalSafe = BookingPrimitives.TerminalSafe
