import BookingValues
import CBookingSQLite

extension TripFile {
    /// Why a row is not shown (the words `TripTable` gives).
    struct Refused: Error {
        var reason: String
    }

    /// The current row of a statement, read as `SQLite.Statement` reads it.
    struct Row {
        let statement: OpaquePointer

        func isNull(_ column: Int32) -> Bool {
            sqlite3_column_type(statement, column) == SQLITE_NULL
        }

        /// The column as text, nil when NULL.
        func string(_ column: Int32) -> String? {
            guard let text = sqlite3_column_text(statement, column) else { return isNull(column) ? nil : "" }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        }

        /// The column as an integer (SQLite's conversion), nil when NULL.
        func int64(_ column: Int32) -> Int64? {
            isNull(column) ? nil : sqlite3_column_int64(statement, column)
        }

        /// The column when it holds an integer, nil for any other type.
        func integer(_ column: Int32) -> Int64? {
            sqlite3_column_type(statement, column) == SQLITE_INTEGER ? sqlite3_column_int64(statement, column) : nil
        }

        /// The UTF-8 bytes SQLite holds for the column, valid until the next
        /// step; nil when NULL.
        func bytes(_ column: Int32) -> UnsafeRawBufferPointer? {
            guard let text = sqlite3_column_text(statement, column) else {
                return isNull(column) ? nil : UnsafeRawBufferPointer(start: nil, count: 0)
            }
            return UnsafeRawBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column)))
        }

        /// Status and stay of columns 1, 2 and 3, checked as `TripTable.stay` does.
        func stay() -> Result<(BookingStatus, String, String), Refused> {
            let text = string(1) ?? ""
            guard let status = BookingStatus(rawValue: text) else {
                return .failure(Refused(reason: "unknown status \(text)"))
            }
            let (start, end) = (string(2) ?? "", string(3) ?? "")
            guard start.utf8.count == 10, end.utf8.count == 10, end > start else {
                return .failure(Refused(reason: "dates \(start) to \(end) are not a stay"))
            }
            return .success((status, start, end))
        }

        /// The trip of a row of `TripFile.columns`, checked as `TripTable.record` does.
        func trip() -> Result<TripRow, Refused> {
            let status: BookingStatus
            let checkIn: String
            let checkOut: String
            switch stay() {
            case .success(let stay): (status, checkIn, checkOut) = stay
            case .failure(let refused): return .failure(refused)
            }
            guard let version = Version(rawValue: sqlite3_column_int64(statement, 5)) else {
                return .failure(Refused(reason: "negative version"))
            }
            let details: TripRow.Details?
            let refund: Refund?
            do {
                details = try self.details()
                refund = try self.refund(from: 18)
            } catch {
                return .failure(error)
            }
            return .success(
                TripRow(
                    bookingID: BookingID(string(0) ?? ""), status: status, checkIn: checkIn, checkOut: checkOut,
                    voucherCode: string(4), version: version,
                    syncedAtMilliseconds: sqlite3_column_int64(statement, 6), details: details, refund: refund))
        }

        /// The refund of columns `first`... (amount, currency, at, state),
        /// checked as `TripTable.record` does; nil when the row has none.
        func refund(from first: Int32) throws(Refused) -> Refund? {
            guard let text = string(first + 3) else { return nil }
            guard let state = Refund.State(rawValue: text), let amount = int64(first), amount >= 0,
                let currency = string(first + 1).flatMap({ CurrencyCode(rawValue: $0) }),
                let at = int64(first + 2)
            else { throw Refused(reason: "its refund is incomplete or out of range") }
            return Refund(
                amount: Money(minorUnits: amount, currency: currency), state: state, updatedAtMilliseconds: at)
        }

        private func details() throws(Refused) -> TripRow.Details? {
            guard let name = string(7) else { return nil }
            guard let city = string(8), let roomName = string(11), let guests = int64(12), (1...99).contains(guests),
                let currency = string(13).flatMap({ CurrencyCode(rawValue: $0) })
            else { throw Refused(reason: "its details are incomplete or out of range") }
            let stars = int64(10)
            if let stars, !(1...5).contains(stars) { throw Refused(reason: "\(stars) stars") }
            func money(_ column: Int32) throws(Refused) -> Money {
                guard let amount = int64(column), amount >= 0 else {
                    throw Refused(reason: "a price line is missing or negative")
                }
                return Money(minorUnits: amount, currency: currency)
            }
            guard
                let price = PriceBreakdown(
                    nightly: try money(14), taxes: try money(15), fees: try money(16), total: try money(17))
            else { throw Refused(reason: "price lines in more than one currency") }
            return TripRow.Details(
                propertyName: name, city: city, address: string(9), stars: stars.map { Int($0) },
                roomName: roomName, guests: Int(guests), price: price,
                door: TripSummary.Door(
                    phone: string(22), checkInTime: string(23), checkOutTime: string(24), guestName: string(25)),
                terms: TripSummary.Terms(
                    kind: string(26), penalty: int64(27), currency: currency, freeUntil: int64(28), clock: string(29),
                    day: string(30), zone: string(31)))
        }
    }

    /// The currency code of the last row, kept: a listing's rows are nearly
    /// all in one currency.
    struct CurrencyMemo {
        private var last: CurrencyCode?
        /// The last code's three bytes in one word (0: none): a row's code
        /// is compared with one integer compare, not an array's.
        private var lastWord: UInt32 = 0

        mutating func code(_ bytes: UnsafeRawBufferPointer) -> CurrencyCode? {
            let word = bytes.count == 3 ? UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 : 0
            if word != 0, word == lastWord, let last { return last }
            last = CurrencyCode(rawValue: String(decoding: bytes, as: UTF8.self))
            lastWord = last == nil ? 0 : word
            return last
        }
    }
}
