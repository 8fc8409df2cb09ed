import BookingCore
import BookingPrimitives

/// Saves what the flow's states say of offers, so that later runs (another
/// process, the next launch) see it before anything is sent: a changed
/// price, a sold-out room, and the mark forgotten once the offer is held.
/// `BookingClient` records every state its waits see.
final class OfferMarks: Sendable {
    private let search: SearchRepository
    private let logger: Logger
    /// The facts of the last state recorded, so a fact is written once
    /// for as long as it stands.
    private let standing = Locked<Set<Fact>>([])

    private enum Fact: Hashable {
        case priceChanged(OfferID, QuoteID)
        case held(OfferID)
        case soldOut(OfferID)
    }

    init(search: SearchRepository, logger: Logger) {
        self.search = search
        self.logger = logger
    }

    /// Saves the facts `state` shows that were not saved yet. A failure is
    /// logged: a mark only spares the user a refused request.
    func record(_ state: BookingFlow.State) async {
        var facts = state.soldOutOffers.map(Fact.soldOut)
        switch state.stage {
        case .priceChanged(let changed): facts.append(.priceChanged(changed.previous.offerID, changed.newQuote.id))
        case .held(let held): facts.append(.held(held.attempt.offerID))
        default: break
        }
        let new = standing.withLock { standing in
            defer { standing = Set(facts) }
            return facts.filter { !standing.contains($0) }
        }
        for fact in new {
            do {
                switch fact {
                case .priceChanged(let id, _):
                    guard case .priceChanged(let changed) = state.stage else { continue }
                    try await search.recordPriceChange(id, newQuote: changed.newQuote)
                case .held(let id): try await search.clearMark(id)
                case .soldOut(let id): try await search.markSoldOut(id)
                }
            } catch {
                logger.warning("cannot save what the server said of an offer", error: error)
            }
        }
    }
}
