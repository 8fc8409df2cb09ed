import BookingPrimitives
import BookingSQLite

/// Where the sandbox's ids and a booking's secrets (its voucher, the token
/// of its 3-D Secure page) come from.
///
/// By default from the system's random generator: every fresh sandbox used
/// to hand out the same ids in the same order (`bk_6e261b8dccd0ce99` and
/// `BK-4WS4DCFZ` first), so anyone could name another account's booking,
/// hold or voucher (issue 36). With `SandboxConfiguration.idSeed` they are
/// a scramble of a per-prefix counter and that seed instead, the same for
/// the same sequence of requests on a fresh database: the deterministic
/// simulation replays a seed exactly.
struct IdentifierSource: Sendable {
    /// The seed of deterministic ids; nil: random ones.
    let seed: UInt64?

    /// A new opaque, unique id: `prefix` followed by 16 lowercase hex
    /// digits, and the counter's value (a booking's `seq`). Call inside a
    /// transaction.
    func newID(prefix: String, _ db: Database) throws -> (id: String, sequence: Int64) {
        let sequence = try db.nextSequence(prefix)
        return (prefix + Identifier.hex(draw(prefix, sequence)), sequence)
    }

    /// The voucher shown at the door of the booking numbered `sequence`:
    /// `BK-` and 8 characters of 32 (40 bits), not derived from its id.
    func voucherCode(sequence: Int64) -> String {
        BookingRecord.voucherCode(draw("voucher", sequence))
    }

    /// The token of the 3-D Secure page of the booking numbered `sequence`:
    /// 32 lowercase hex digits (128 bits).
    func challengeToken(sequence: Int64) -> String {
        Identifier.hex(draw("3ds-high", sequence)) + Identifier.hex(draw("3ds-low", sequence))
    }

    /// 64 bits for `purpose` and `sequence`: random, or scrambled from the seed.
    private func draw(_ purpose: String, _ sequence: Int64) -> UInt64 {
        guard let seed else {
            var generator = SystemRandomNumberGenerator()
            return generator.next()
        }
        let salt = SplitMix64.mix(seed ^ SplitMix64.stableHash(purpose))
        return SplitMix64.mix(UInt64(bitPattern: sequence) ^ salt)
    }
}
