import BookingCore
import BookingStore
import Foundation

/// What the device itself knows, at launch, of the hold of a held attempt:
/// its time left from the anchor saved with it (same boot only, never more
/// than the server granted) and its price: the coupon's, when a code was
/// applied, else the cached result page's that quoted it. No network; anything it cannot tell is `nil`, and the flow
/// then says the time is being checked.
enum HoldRestorer {
    /// The restored hold of `stored`, with its time left at `now`.
    ///
    /// - Parameters:
    ///   - now: the hold clock, read before `reading` so the countdown never
    ///     shows more time than is left.
    ///   - reading: the boot clock now; nil when the platform cannot tell.
    ///   - cache: the client's connection to the cache; nil opens
    ///     `directory`'s when a price is looked for.
    static func restoredHold(
        _ stored: SavedAttempt, directory: String, cache: SharedCache? = nil, now: MonotonicInstant,
        reading: BootClock.Reading?
    ) -> RestoredHold? {
        guard stored.phase == .held, let holdID = stored.holdID, let text = stored.holdAnchor,
            let anchor = SavedHoldAnchor(storageText: text), let reading,
            case .known(let left) = anchor.timeLeft(currentBootID: reading.bootID, sinceBoot: reading.sinceBoot),
            left > .zero,
            let price = stored.coupon?.price
                ?? quotedPrice(stored, cache: cache ?? (try? SharedCache(directory: directory)))
        else { return nil }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Hold(id: holdID, expiresInMs: milliseconds, price: price, couponCode: stored.coupon?.code).map {
            RestoredHold(hold: $0, readAt: now)
        }
    }

    /// The price of the attempt's quote on a cached result page, if one lists it.
    private static func quotedPrice(_ stored: SavedAttempt, cache: SharedCache?) -> PriceBreakdown? {
        guard let cache else { return nil }
        let offer = try? cache.recovering { cache in
            try cache.resultPages.firstPage(mentioning: stored.offerID.rawValue) { page in
                (try? SearchRepository.offers(in: page))?.first {
                    $0.offer.id == stored.offerID && $0.offer.quote.id == stored.quoteID
                }?.offer
            }
        }
        return offer?.quote.price
    }
}
