import Foundation

// Links into the app: a trip, or the bank's page sending the user back.
extension BookingClient {
    /// Opens a universal link, as the app receives it (SwiftUI's
    /// `onOpenURL`, a scene delegate's user activity): a trip link shows the
    /// trip saved on this device; a 3-D Secure return link brings back the
    /// payment waiting for that booking and asks the server how it ended
    /// (the link is only a hint: the server's answer is the truth).
    ///
    /// ```swift
    /// .onOpenURL { url in
    ///     Task {
    ///         switch try await client.open(url.absoluteString) {
    ///         case .trip(let trip): path.append(trip.id)
    ///         case .payment: break  // the booking screen follows states()
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// Every link goes through `DeepLinkParser` on
    /// `Configuration.linkHost`: only `https://<host>/trips/<id>` and
    /// `https://<host>/bookings/<id>/3ds-return` open, carrying nothing but
    /// an id; anything else (another host, a port, a query, percent-encoding,
    /// look-alike letters) is refused before anything is read.
    ///
    /// - Throws: `BookingClientError.linkRejected` for a link that does not
    ///   open (no link host configured, or the parser's reason);
    ///   `.unknownTrip` for a trip not on this device; `.noPaymentWaiting`
    ///   for a return link of a booking no payment here waits for (a stale
    ///   or forged link: nothing is restored, changed or sent);
    ///   `.dataDirectoryUnusable` when the saved attempts or trips cannot be
    ///   read.
    public func open(_ link: String) async throws(BookingClientError) -> OpenedLink {
        try checkOpen()
        guard let host = linkHost else { throw .linkRejected(reason: "no link host is configured") }
        let route: DeepLinkRoute
        do {
            route = try DeepLinkParser(host: host).parse(link)
        } catch {
            throw .linkRejected(reason: error.reason(host: host))
        }
        switch route {
        case .trip(let id):
            return .trip(try await trip(id: id))
        case .challengeReturned(let id):
            return .payment(try await returnedFromBank(for: id))
        }
    }

    /// The host links open on: `Configuration.linkHost`, else the host of
    /// an `https` `challengeReturnURL`.
    var linkHost: String? {
        if let host = configuration.linkHost, !host.isEmpty { return host }
        // The return URL is a template (`.../{bookingId}/...`), not a URL
        // Foundation parses: its host is what follows `https://` up to the path.
        guard let text = configuration.challengeReturnURL, text.lowercased().hasPrefix("https://") else { return nil }
        let host = text.dropFirst("https://".count).prefix { $0 != "/" }
        return host.isEmpty ? nil : String(host)
    }
}
