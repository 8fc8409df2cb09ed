import Foundation

// Links into the app: a trip, or the bank's page sending the user back.
extension BookingClient {
    /// Opens a universal link, as the app receives it (SwiftUI's
    /// `onOpenURL`, a scene delegate's user activity): a trip link shows the
    /// trip saved on this device; a 3-D Secure return link brings back the
    /// payment waiting for that booking and asks the server how it ended
    /// (the link is only a hint: the server's answer is the truth).
    ///
    /// A trip link returns the device's copy at once and reads the booking
    /// again from the server behind it: a newer version (cancelled on the
    /// web, new dates) is saved and shown by `tripUpdates()`. A trip this
    /// device never saved (booked on another device of the account) is read
    /// from the server first.
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
    ///   `.unknownTrip` for a trip neither on this device nor on the server
    ///   for this account; `.serverUnreachable` (or another error of the
    ///   request) for a trip not on this device when the server cannot be
    ///   asked; `.noPaymentWaiting`
    ///   for a return link of a booking no payment here waits for (a stale
    ///   or forged link: nothing is restored, changed or sent);
    ///   `.dataDirectoryUnusable` when the saved attempts or trips cannot be
    ///   read; `.signedOut` while no one is signed in (`isSignedIn`): nothing
    ///   of the link is read or shown until `signedIn(_:)`.
    public func open(_ link: String) async throws(BookingClientError) -> OpenedLink {
        try checkSignedIn()
        guard let host = linkHost else { throw .linkRejected(reason: "no link host is configured") }
        let route: DeepLinkRoute
        do {
            route = try DeepLinkParser(host: host).parse(link)
        } catch {
            throw .linkRejected(reason: error.reason(host: host))
        }
        switch route {
        case .trip(let id):
            return .trip(try await linkedTrip(id))
        case .challengeReturned(let id):
            return .payment(try await returnedFromBank(for: id))
        }
    }

    /// The trip a link names: the device's copy at once, then read again
    /// from the server behind it (a newer version is saved, and
    /// `tripUpdates()` shows it); a trip this device never saved (booked on
    /// another device) is read from the server first.
    private func linkedTrip(_ id: BookingID) async throws(BookingClientError) -> Trip {
        guard Self.isWellFormed(id.rawValue) else { throw .malformedID(id.rawValue) }
        if let saved = try await guarded({ try await $0.runtime.repository.savedTrip(id) }) {
            if let trips = try? self.trips {
                let logger = self.logger
                Task {
                    do {
                        _ = try await trips.fetch(id)
                    } catch {
                        logger.warning("a linked trip was not read again: the device's copy stays", error: error)
                    }
                }
            }
            return Trip(saved)
        }
        guard let fetched = try await guarded({ try await $0.trips.fetch(id) }) else { throw .unknownTrip(id) }
        return Trip(fetched)
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
