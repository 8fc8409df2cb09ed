/// The moments of a cancellation a crash test can stop it at: the four
/// places where dying leaves a different state on disk and on the server.
/// `description` is the name the CLI's crash hook takes. A test seam, out
/// of the public API: `@_spi(Testing) import BookingKit` reaches it.
@_spi(Testing) public enum CancelBoundary: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Before the request row is committed: nothing saved, nothing sent.
    case beforeCommit = "before cancel commit"
    /// The row is committed; its POST has not left.
    case afterCommit = "after cancel commit"
    /// The server answered the POST; the answer is not saved yet.
    case afterPost = "after cancel POST"
    /// The answer is saved: the trip and the request, in one transaction.
    case afterSave = "after cancel saved"

    public var description: String { rawValue }
}

/// Asked at every `CancelBoundary`; `false` stops the cancellation right
/// there, as if the process died (nothing after it happens, and the call
/// throws `CancelError.stopped`). For crash tests only.
package typealias CancelBoundaryHook = @Sendable (CancelBoundary) -> Bool
