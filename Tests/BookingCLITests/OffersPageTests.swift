import Foundation
import TestSupport
import Testing

/// `booking offers --page N` numbers pages from 1, as the library does; a
/// page past the last says how many there are (it said "there is no page 3"
/// for page 99 before).
@Suite struct OffersPageTests {
    @Test func aPagePastTheLastSaysHowManyPagesThereAre() async throws {
        let booking = Booking()
        let query = [
            "offers", "--place", "plc_lisbon", "--check-in", Booking.date(20), "--check-out", Booking.date(22),
            "--guests", "2",
        ]
        var pages = 0
        while true {
            let run = try await booking.run(query + ["--json", "--page", "\(pages + 1)"])
            guard run.status == 0 else { break }
            pages += 1
            guard try run.json()["hasMore"] as? Bool == true else { break }
        }
        #expect(pages >= 1)
        let past = try await booking.run(query + ["--page", "99"])
        #expect(past.status == 2)
        let words = pages == 1 ? "there is 1 page" : "there are \(pages) pages"
        #expect(past.error.contains("there is no page 99: \(words)"), "\(past.error)")
    }
}
