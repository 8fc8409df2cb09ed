/// The ways out of issue 22 on the wire, over one run or many: keys closed
/// (`POST /v1/bookings/close-key`), holds released (`POST
/// /v1/holds/{id}/release`) and pending 3-D Secure bookings left (`POST
/// /v1/bookings/{id}/abandon`), each sent, answered (any HTTP status) and
/// answered with a 2xx; and the trips' calls: cancellations, modification
/// quotes and modifications, with how many the user drew.
public struct NewCallFigures: Sendable, Equatable {
    /// One call's figures.
    public struct Count: Sendable, Equatable {
        /// Requests sent (with a fault or not).
        public var sent = 0
        /// Requests that got an HTTP status back.
        public var answered = 0
        /// Requests answered with a 2xx.
        public var succeeded = 0

        mutating func add(_ other: Count) {
            sent += other.sent
            answered += other.answered
            succeeded += other.succeeded
        }

        mutating func count(_ request: Observations.Request) {
            sent += 1
            if let status = request.status {
                answered += 1
                if (200..<300).contains(status) { succeeded += 1 }
            }
        }

        var text: String { "\(sent) sent, \(answered) answered, \(succeeded) 2xx" }
    }

    /// Key closings.
    public var keyClosings = Count()
    /// Hold releases.
    public var releases = Count()
    /// Abandons of a pending 3-D Secure booking.
    public var abandons = Count()
    /// Cancellations (`POST /v1/bookings/{id}/cancel`).
    public var cancels = Count()
    /// Modification quotes (`POST /v1/bookings/{id}/modification-quotes`).
    public var quotes = Count()
    /// Modifications (`POST /v1/bookings/{id}/modifications`).
    public var modifications = Count()
    /// Cancellations the user drew.
    public var cancelsDrawn = 0
    /// Changes of dates the user drew (a quote asked for).
    public var changesDrawn = 0
    /// Changes of dates whose quote the user accepted.
    public var changesAccepted = 0

    /// No calls.
    public init() {}

    /// The calls among `requests`.
    init(_ requests: [Observations.Request]) {
        for request in requests where request.method == "POST" {
            let path = request.target.split(separator: "?").first.map(String.init) ?? request.target
            if path == "/v1/bookings/close-key" {
                keyClosings.count(request)
            } else if path.hasPrefix("/v1/holds/"), path.hasSuffix("/release") {
                releases.count(request)
            } else if path.hasPrefix("/v1/bookings/"), path.hasSuffix("/abandon") {
                abandons.count(request)
            } else if path.hasPrefix("/v1/bookings/"), path.hasSuffix("/cancel") {
                cancels.count(request)
            } else if path.hasPrefix("/v1/bookings/"), path.hasSuffix("/modification-quotes") {
                quotes.count(request)
            } else if path.hasPrefix("/v1/bookings/"), path.hasSuffix("/modifications") {
                modifications.count(request)
            }
        }
    }

    /// Adds another run's figures.
    public mutating func add(_ other: NewCallFigures) {
        keyClosings.add(other.keyClosings)
        releases.add(other.releases)
        abandons.add(other.abandons)
        cancels.add(other.cancels)
        quotes.add(other.quotes)
        modifications.add(other.modifications)
        cancelsDrawn += other.cancelsDrawn
        changesDrawn += other.changesDrawn
        changesAccepted += other.changesAccepted
    }

    /// The figures as text.
    public var summary: String {
        "key closings: \(keyClosings.text); hold releases: \(releases.text); 3-D Secure abandons: \(abandons.text)\n"
            + "cancels: \(cancelsDrawn) drawn, \(cancels.text); changes of dates: \(changesDrawn) drawn "
            + "(\(changesAccepted) accepted), quotes \(quotes.text), modifications \(modifications.text)"
    }
}
