/// The moments of a change to a trip (a cancellation, a change of dates) a
/// crash test can stop it at: the four places where dying leaves a
/// different state on disk and on the server, the same for both changes,
/// since both are one durable request. `description` is the name the CLI's
/// crash hook takes (`before cancel commit`, `after modify POST`). A test
/// seam, out of the public API: `@_spi(Testing) import BookingKit` reaches it.
@_spi(Testing) public struct TripChangeBoundary: Hashable, Sendable, CustomStringConvertible {
    /// Which change.
    public enum Change: String, Hashable, Sendable, CaseIterable {
        /// A cancellation.
        case cancel
        /// A change of dates.
        case modify
    }

    /// Where in the change.
    public enum Moment: Hashable, Sendable, CaseIterable {
        /// Before the request row is committed: nothing saved, nothing sent.
        case beforeCommit
        /// The row is committed; its POST has not left.
        case afterCommit
        /// The server answered the POST; the answer is not saved yet.
        case afterPost
        /// The answer is saved: the trip and the request, in one transaction.
        case afterSave
    }

    /// Which change.
    public let change: Change
    /// Where in it.
    public let moment: Moment

    /// The boundary of `change` at `moment`.
    public init(_ change: Change, _ moment: Moment) {
        self.change = change
        self.moment = moment
    }

    /// Every boundary of `change`, in the order a run passes them.
    public static func all(_ change: Change) -> [TripChangeBoundary] {
        Moment.allCases.map { TripChangeBoundary(change, $0) }
    }

    /// The name the crash hook takes.
    public var description: String {
        switch moment {
        case .beforeCommit: "before \(change.rawValue) commit"
        case .afterCommit: "after \(change.rawValue) commit"
        case .afterPost: "after \(change.rawValue) POST"
        case .afterSave: "after \(change.rawValue) saved"
        }
    }
}

/// Asked at every `TripChangeBoundary`; `false` stops the change right
/// there, as if the process died (nothing after it happens, and the call
/// throws `CancelError.stopped` or `ModifyError.stopped`). For crash tests only.
package typealias TripChangeBoundaryHook = @Sendable (TripChangeBoundary) -> Bool
/// A cancellation's boundary hook.
package typealias CancelBoundaryHook = TripChangeBoundaryHook
/// A change of dates' boundary hook.
package typealias ModifyBoundaryHook = TripChangeBoundaryHook

extension TripChangeBoundary {
    /// Asks `hook` at this boundary; throws `stopped(self)` as `change`'s
    /// error when it says stop.
    func pass(_ hook: TripChangeBoundaryHook?) throws {
        guard let hook, !hook(self) else { return }
        switch change {
        case .cancel: throw CancelError.stopped(self)
        case .modify: throw ModifyError.stopped(self)
        }
    }
}
