import BookingCore
import BookingSQLite
import Foundation

/// The `last_guest` table of `cache.sqlite`: the lead guest last given
/// with valid details, for the next checkout's form (one row at most).
package struct LastGuestTable {
    let database: Database

    /// Keeps `guest` as the one to offer next.
    package func save(_ guest: GuestDetails) throws {
        let json = String(decoding: try JSONEncoder().encode(guest), as: UTF8.self)
        try database.run(
            "INSERT INTO last_guest (id, guest_json) VALUES (1, ?1) ON CONFLICT (id) DO UPDATE SET guest_json = ?1",
            [.text(json)])
    }

    /// The guest kept; nil when none is, or it does not read back.
    package func load() throws -> GuestDetails? {
        guard case .text(let json)? = try database.scalar("SELECT guest_json FROM last_guest WHERE id = 1") else {
            return nil
        }
        return try? JSONDecoder().decode(GuestDetails.self, from: Data(json.utf8))
    }
}

extension CacheDatabase {
    /// The lead guest last given on this device.
    package var lastGuest: LastGuestTable { LastGuestTable(database: database) }
}
