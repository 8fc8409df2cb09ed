import BookingCore
import BookingKit

/// The room an attempt is for, in words: what `hold` replaces and what `pay`
/// pays, so a run never acts on a room without saying which and at what price.
enum RoomLabel {
    /// "Hotel, Room, 2026-12-01 to 2026-12-03" from the offers this device
    /// saw, or the offer id when none is cached; then `price` if given, in
    /// the console's money style (the words are for people only).
    static func describe(_ offer: OfferID, price: Money?, services: Services) async -> String {
        var text = "offer \(offer)"
        if let cached = try? await services.client.savedOffer(offer) {
            text =
                "\(cached.propertyName.terminalSafe), \((cached.roomName ?? "").terminalSafe), "
                + "\(cached.checkIn) to \(cached.checkOut)"
        }
        return price.map { text + ": \(services.console.money.text($0).terminalSafe)" } ?? text
    }
}
