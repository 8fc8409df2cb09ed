/// What one TCP connection to the server found, before the full CLI is
/// asked to refresh the device's copy.
enum ServerProbe: Equatable {
    /// The connection opened: the server is up.
    case answered
    /// Refused, or nothing answered within the bound: the server is down or
    /// the machine offline.
    case unanswered
    /// The host name has no address: `reason` is the resolver's own words
    /// (`Name or service not known`). Offline too, but said, since it may be
    /// this machine's resolver and not the server (a static `booking`
    /// resolves names with the system's NSS configuration).
    case unresolved(reason: String)
}
