import BookingAPI
import BookingPrimitives
import Foundation

extension BookingClient {
    /// Everything a `BookingClient` needs, in one value: make it once at
    /// launch (from the app's settings) and hand it to `BookingClient.init`.
    public struct Configuration: Sendable {
        /// The booking API's base URL: `https://...`, or `http://` to a
        /// loopback address (the sandbox on this machine).
        public var server: String
        /// How requests are signed.
        public var credential: Credential
        /// The directory where BookingKit keeps its databases (made if
        /// missing): the app's Application Support directory, for instance.
        ///
        /// It belongs to one server and one account at a time (see
        /// `account`): the first pair that uses it keeps its files at the
        /// top, each other pair in a space of its own under `spaces/`, so
        /// another account or server never sees, shows or settles the
        /// first one's trips, payments or searches, and finds them all
        /// again when it comes back.
        public var dataDirectory: URL
        /// Who the data belongs to on this server: the signed-in user's
        /// stable id. nil: the API key names the account (`.apiKey`), and
        /// with a `.tokenProvider` every user of the device shares one
        /// space, so give it whenever more than one person can sign in.
        /// Kept on disk only as a digest.
        public var account: String?
        /// The network; nil for the platform's real HTTP (`BookingClient.defaultTransport()`): URLSession
        /// on Apple platforms, libcurl on Linux.
        public var transport: (any Transport)?
        /// Where BookingKit's log messages go.
        public var logHandler: any LogHandler
        /// How long `launch()` may spend settling attempts left open by an
        /// earlier run before it returns; the settling goes on after that.
        public var launchBound: Duration
        /// Where the bank's 3-D Secure page sends the user back (your app's
        /// URL scheme); nil for the server's default page.
        public var challengeReturnURL: String?
        /// Timeouts and retries of the API calls.
        public var api: APIConfiguration
        /// How long `suggestions(for:)` waits for typing to pause before it
        /// asks the server (a newer call within it supersedes the older).
        public var suggestionDebounce: Duration
        /// The host of the app's universal links, `example.com` for
        /// `https://example.com/trips/ID` (see `BookingClient.open(_:)`); nil
        /// takes the host of an `https` `challengeReturnURL`, and with
        /// neither every link is refused.
        public var linkHost: String?
        /// The flow's event log, kept for bug reports that replay
        /// (`BookingClient.bugReport(attempt:)`); nil, the default, keeps none.
        public var flowLog: FlowLogSettings?
        /// Where each payment session's outcome is reported (how it ended,
        /// whether it passed through unknown, how long it took); nowhere by
        /// default. Called off the flow's path.
        public var metrics: any BookingMetrics
        /// How old a saved page of offers may be before it is shown with
        /// "prices may have changed" (`OffersPage.pricesMayHaveChanged`):
        /// 15 minutes by default.
        public var offerStaleness: Duration = .seconds(15 * 60)
        /// How long the app must have been away (since `launch()` or the last
        /// `returnedToApp()`) for `returnedToApp()` to refresh what may have
        /// moved meanwhile: the trips (`syncTrips()`, which `tripUpdates()`
        /// shows) and the newest saved search's first page of offers. 15
        /// minutes by default, the age at which a page says its prices may
        /// have changed; until the refresh lands, pages say so.
        public var foregroundRefreshAfter: Duration = .seconds(15 * 60)
        /// Typed text shorter than this gets the recent searches, with no
        /// request (`suggestions(for:)`): 2 characters by default.
        public var suggestionMinimumLength = 2
        /// How old a read of the server's payment-method switch may be and
        /// still be used, by this process or the next, without a new request:
        /// at launch, when a room is held, and before Pay. 5 minutes by
        /// default. A kind switched off within it is refused by the server:
        /// nothing charged, the room still held, Pay disabled for that kind.
        public var paymentMethodsMaxAge: Duration = .seconds(5 * 60)
        /// The rollout group the app put this user in (`"new-checkout"`,
        /// `"control"`): 1 to 32 letters, digits, `-` or `_`. Sent with every
        /// request (`Booking-Cohort`), so that the server can compare the
        /// groups and pause one of them (the payment-method switch then says
        /// so, and Pay is disabled with its reason); carried by every
        /// metrics report (`BookingSessionOutcome.cohort`) and written in the
        /// flow's event log (`booking stats` compares them). nil, the
        /// default: no group. A value of another shape is left out, and
        /// logged.
        public var cohort: String?

        /// A configuration.
        ///
        /// - Parameters:
        ///   - server: the API's base URL, e.g. `https://api.example.com`.
        ///   - credential: an API key or a token provider.
        ///   - dataDirectory: where the databases live.
        ///   - transport: nil for real HTTP: URLSession on Apple platforms, libcurl
        ///     on Linux.
        ///   - logHandler: the app's logger; nothing is logged by default.
        ///   - launchBound: how long `launch()` waits on the network at most.
        ///   - challengeReturnURL: where the bank's page sends the user back.
        ///   - api: timeouts and retries.
        ///   - suggestionDebounce: the pause in typing before a suggestion request.
        ///   - linkHost: the host of the app's universal links.
        ///   - flowLog: where and how much of the flow's event log to keep; nil keeps none.
        ///   - metrics: where each payment session's outcome goes; nil (the default) sends it nowhere.
        ///   - account: the signed-in user's stable id; nil: the API key's account.
        public init(
            server: String, credential: Credential, dataDirectory: URL, transport: (any Transport)? = nil,
            logHandler: any LogHandler = SilentLogHandler(), launchBound: Duration = .seconds(2),
            challengeReturnURL: String? = nil, api: APIConfiguration = APIConfiguration(),
            suggestionDebounce: Duration = .milliseconds(250), linkHost: String? = nil,
            flowLog: FlowLogSettings? = nil, metrics: (any BookingMetrics)? = nil,
            account: String? = nil
        ) {
            self.server = server
            self.account = account
            self.credential = credential
            self.dataDirectory = dataDirectory
            self.transport = transport
            self.logHandler = logHandler
            self.launchBound = launchBound
            self.challengeReturnURL = challengeReturnURL
            self.api = api
            self.suggestionDebounce = suggestionDebounce
            self.linkHost = linkHost
            self.flowLog = flowLog
            self.metrics = metrics ?? NoBookingMetrics()
        }

        /// The data space of this configuration on `server`, named
        /// `serverName` when given.
        package func dataSpace(on server: ServerAddress, serverName: String?) -> DataSpace {
            let name = serverName ?? server.spaceName
            if let account { return DataSpace(server: name, account: account) }
            if case .apiKey(let key) = credential { return DataSpace(server: name, apiKey: key) }
            return DataSpace(server: name, account: "")
        }

        /// `cohort` when it has the shape the server takes (1 to 32 letters,
        /// digits, `-` or `_`), else nil.
        package var validCohort: String? {
            cohort.flatMap { Self.isValidCohort($0) ? $0 : nil }
        }

        /// Whether `cohort` has the shape the server takes.
        package static func isValidCohort(_ cohort: String) -> Bool {
            cohort.utf8.count <= 32 && BookingClient.isWellFormed(cohort)
        }
    }

    /// How requests to the booking API are signed.
    public enum Credential: Sendable {
        /// A fixed key (`sk_test_<account>` on the sandbox).
        case apiKey(String)
        /// A token asked for before every request (a short-lived token the
        /// app refreshes); a thrown error sends the request without one,
        /// and the server's refusal comes back as `apiKeyRefused`.
        case tokenProvider(@Sendable () async throws -> String)
    }
}

extension BookingClient {
    /// The network a client uses when its configuration names none: on
    /// Linux libcurl (`CurlTransport`), on Apple platforms URLSession. Wrap
    /// it to add a header, count requests or notice being offline, on every
    /// platform, and pass the wrapper as `Configuration.transport`:
    ///
    /// ```swift
    /// struct Traced: Transport {
    ///     let base = BookingClient.defaultTransport()
    ///     func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
    ///         var request = request
    ///         request.headers["X-Request-Source"] = "ios-app"
    ///         return try await base.send(request)
    ///     }
    /// }
    /// ```
    public static func defaultTransport() -> any Transport {
        Platform.defaultTransport()
    }
}
