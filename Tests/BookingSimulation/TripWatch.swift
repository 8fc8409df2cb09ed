/// What the simulation keeps about the trips on the device across steps and
/// deaths: the highest version seen of each (I14), the trips drawn for a
/// cancel or a change of dates, and how many of each were drawn.
struct TripWatch {
    /// The highest version of each trip seen in `booking.sqlite`.
    var highestVersion: [String: Int64] = [:]
    /// Confirmed trips already drawn for (or not for) an action.
    var decided: Set<String> = []
    /// Trips drawn for an action, not yet acted on, in the order drawn.
    var planned: [String] = []
    /// Cancellations the user asked for.
    var cancelsDrawn = 0
    /// Changes of dates the user asked for (a quote, then accepted or not).
    var changesDrawn = 0
    /// Changes whose quote the user accepted (`modify`).
    var changesAccepted = 0
}
