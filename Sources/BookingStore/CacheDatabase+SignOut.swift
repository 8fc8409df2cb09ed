import BookingSQLite

extension CacheDatabase {
    /// Signing out: deletes the account's searches from the cache in one
    /// transaction (recent searches, result pages, the suggestions' cache
    /// and the offers' marks) and the lead guest last paid with. What is
    /// the server's, not the account's
    /// (its Retry-After gate, its payment-method switch), stays.
    package func forgetSearches() throws {
        try database.transaction {
            try database.executeScript(
                """
                DELETE FROM recent_search;
                DELETE FROM result_page;
                DELETE FROM suggestion;
                DELETE FROM offer_mark;
                DELETE FROM last_guest;
                """)
        }
    }
}
