import BookingSQLite
import Foundation

/// The `offer_mark` table of `cache.sqlite`: offers this device found sold
/// out, or at a changed price, since their page was cached. A mark stays
/// until the server lists the offer again.
package struct OfferMarkTable {
    let database: Database

    /// One mark.
    package struct Mark: Equatable, Sendable {
        /// What was learnt.
        package enum Kind: String, Sendable {
            /// No room left.
            case soldOut
            /// The quote was refused with a new price.
            case priceChanged
        }

        /// The offer.
        package var offerID: String
        /// What was learnt.
        package var kind: Kind
        /// The new quote as JSON, for a changed price.
        package var quoteJSON: String?
        /// When.
        package var markedAt: Date

        /// A mark.
        package init(offerID: String, kind: Kind, quoteJSON: String?, markedAt: Date) {
            self.offerID = offerID
            self.kind = kind
            self.quoteJSON = quoteJSON
            self.markedAt = markedAt
        }
    }

    /// Marks an offer (replacing an earlier mark).
    package func put(_ mark: Mark) throws {
        try database.run(
            "INSERT OR REPLACE INTO offer_mark (offer_id, kind, quote_json, marked_at) VALUES (?1, ?2, ?3, ?4)",
            [
                .text(mark.offerID), .text(mark.kind.rawValue), mark.quoteJSON.map(SQLiteValue.text) ?? .null,
                .integer(mark.markedAt.unixMilliseconds),
            ])
    }

    /// The mark of `offerID`, if any.
    package func mark(_ offerID: String) throws -> Mark? {
        let statement = try database.cachedStatement(
            "SELECT kind, quote_json, marked_at FROM offer_mark WHERE offer_id = ?")
        defer { statement.reset() }
        try statement.bind(offerID, at: 1)
        guard try statement.step(), let kind = Mark.Kind(rawValue: statement.string(at: 0)) else { return nil }
        return Mark(
            offerID: offerID, kind: kind, quoteJSON: statement.optionalString(at: 1),
            markedAt: Date(unixMilliseconds: statement.int64(at: 2)))
    }

    /// Removes the marks of `offerIDs`.
    package func clear(_ offerIDs: [String]) throws {
        try database.transaction {
            for id in offerIDs { try database.run("DELETE FROM offer_mark WHERE offer_id = ?", [.text(id)]) }
        }
    }
}

extension CacheDatabase {
    /// The marks of sold-out and re-priced offers.
    package var offerMarks: OfferMarkTable { OfferMarkTable(database: database) }
}
