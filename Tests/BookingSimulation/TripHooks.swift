@_spi(Testing) import BookingKit

/// The seams a process's cancellations and changes of dates ask at each of
/// their boundaries (`CancelBoundary`, `ModifyBoundary`): the simulation
/// counts them and may kill the process there, as at the flow's.
struct TripHooks: Sendable {
    let cancel: CancelBoundaryHook
    let modify: ModifyBoundaryHook
}
