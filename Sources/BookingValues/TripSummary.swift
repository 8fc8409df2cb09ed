/// What a trip shows in a list, read from the typed columns of `trip`
/// (schema step 3): never from JSON.
package struct TripSummary: Equatable, Sendable {
    /// The property's name.
    package var propertyName: String
    /// Its city.
    package var city: String
    /// Its street address, when the server gave one.
    package var address: String?
    /// Its stars (1-5), when the server gave them.
    package var stars: Int?
    /// The room's name.
    package var roomName: String
    /// How many guests.
    package var guests: Int
    /// The price, line by line, in one currency.
    package var price: PriceBreakdown
    /// What the door needs offline (schema step 16); each nil when the
    /// server did not give it.
    package var door = Door()
    /// What cancelling keeps (schema step 16); nil when the server sent no
    /// terms.
    package var terms: Terms?

    /// What cancelling keeps, as saved for the trip.
    package struct Terms: Equatable, Sendable {
        /// The deadline and the hotel's words for it (`18:00`, `29 Nov`,
        /// `Europe/Lisbon`); nil for a non-refundable stay.
        package var freeUntil: (milliseconds: Int64, clock: String, day: String, zone: String)?
        /// What cancelling keeps after the deadline, or at any time.
        package var penalty: Money

        /// Terms as saved.
        package init(freeUntil: (milliseconds: Int64, clock: String, day: String, zone: String)?, penalty: Money) {
            self.freeUntil = freeUntil
            self.penalty = penalty
        }

        /// The terms of the columns `kind`, `penalty` (in `currency`) and
        /// the deadline's; nil when they are not whole.
        package init?(
            kind: String?, penalty: Int64?, currency: CurrencyCode, freeUntil: Int64?, clock: String?, day: String?,
            zone: String?
        ) {
            guard let penalty, penalty >= 0 else { return nil }
            switch kind {
            case "NON_REFUNDABLE": self.freeUntil = nil
            case "FREE_UNTIL":
                guard let freeUntil, let clock, let day, let zone else { return nil }
                self.freeUntil = (freeUntil, clock, day, zone)
            default: return nil
            }
            self.penalty = Money(minorUnits: penalty, currency: currency)
        }

        /// The terms in words as of `now` (unix ms), as the library's
        /// `CancellationPolicy.text` says them; the penalty written by
        /// `money` (neutral unless given).
        package func text(nowMilliseconds: Int64, money: (Money) -> String = \.formatted) -> String {
            let kept = money(penalty)
            guard let freeUntil else { return "Non-refundable: cancelling keeps " + kept }
            let when = freeUntil.clock + " on " + freeUntil.day + " (" + freeUntil.zone + ")"
            if nowMilliseconds < freeUntil.milliseconds {
                return "Free cancellation until " + when + ", then " + kept
            }
            return "No free cancellation since " + when + ": cancelling keeps " + kept
        }

        package static func == (lhs: Terms, rhs: Terms) -> Bool {
            lhs.penalty == rhs.penalty && lhs.freeUntil?.milliseconds == rhs.freeUntil?.milliseconds
                && lhs.freeUntil?.clock == rhs.freeUntil?.clock && lhs.freeUntil?.day == rhs.freeUntil?.day
                && lhs.freeUntil?.zone == rhs.freeUntil?.zone
        }
    }

    /// What a traveller needs at the hotel's door, offline.
    package struct Door: Equatable, Sendable {
        /// The front desk's phone.
        package var phone: String?
        /// From when the room is ready, `HH:MM` in the hotel's time.
        package var checkInTime: String?
        /// Until when the room is kept, `HH:MM` in the hotel's time.
        package var checkOutTime: String?
        /// The lead guest's name the booking was made under.
        package var guestName: String?

        /// The door's fields.
        package init(
            phone: String? = nil, checkInTime: String? = nil, checkOutTime: String? = nil, guestName: String? = nil
        ) {
            self.phone = phone
            self.checkInTime = checkInTime
            self.checkOutTime = checkOutTime
            self.guestName = guestName
        }
    }

    /// Creates a summary.
    package init(
        propertyName: String, city: String, address: String?, stars: Int?, roomName: String, guests: Int,
        price: PriceBreakdown, door: Door = Door(), terms: Terms? = nil
    ) {
        self.propertyName = propertyName
        self.city = city
        self.address = address
        self.stars = stars
        self.roomName = roomName
        self.guests = guests
        self.price = price
        self.door = door
        self.terms = terms
    }
}
