extension BookingFlow {
    /// `until` (unix seconds) as the hour and minute in UTC, rounded up to
    /// the minute so the time said is never before the time allowed:
    /// `14:32 UTC`. (The flow has no time zone; an app shows the argument
    /// of the keyed text in its own.)
    package static func clockTime(_ until: Int64) -> String {
        let minutes = (until + 59).floorDivided(by: 60)
        let ofDay = ((minutes % 1_440) + 1_440) % 1_440
        let hour = ofDay / 60
        let minute = ofDay % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute) UTC"
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
