import BookingCommandLine
import BookingCore
import BookingKit

/// `booking coupon CODE`: applies a coupon code to the room held now (see
/// `booking hold OFFER_ID --coupon CODE` to hold and apply at once). The
/// room is re-quoted: the new price is printed, and `booking pay` charges
/// it once. A refused code (unknown, expired, not for this room, already
/// used, another code applied) is named, the hold kept at its price, exit
/// 1; a code that is not letters and digits, or no room held, exit 2.
struct CouponCommand: BookingCommand {
    static let code = TypedArgument(
        "CODE", .identifier(suggesting: sandboxCodes),
        help: "a coupon code (sandbox: \(sandboxCodes.joined(separator: ", ")))")

    /// The sandbox's documented codes.
    static let sandboxCodes = ["WELCOME10", "SPRING2026", "LISBON15", "ONCE5"]

    /// It changes the held room's price: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "coupon", summary: "apply a coupon code to the held room (re-quotes it)",
        discussion:
            "Nothing is charged: the held room's price changes, and `booking pay` then charges the new price once. "
            + "The sandbox's codes: WELCOME10 (10 % off), SPRING2026 (expired), LISBON15 (15 % off, Lisbon "
            + "rooms only), ONCE5 (5 % off, once per account). A hold takes one code.",
        arguments: [code.spec])

    /// The code, as typed.
    let couponCode: String

    init(_ input: CommandInput) throws(UsageError) {
        couponCode = try Self.validated(try input(Self.code), option: "CODE")
    }

    /// `text` when it is a coupon code (1 to 32 letters and digits), upper-cased.
    static func validated(_ text: String, option: String) throws(UsageError) -> String {
        let isCode = text.utf8.allSatisfy {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0)
        }
        guard (1...32).contains(text.utf8.count), isCode else {
            throw .invalidValue(option: option, value: text, reason: "a coupon code is 1 to 32 letters and digits")
        }
        return text.uppercased()
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "coupon")
        let driver = FlowDriver(services: services, showsProgress: !invocation.json)
        let restored = try await services.client.sharingHoldReads {
            await services.settleAtLaunch()
            return try await driver.restore(for: .seconds(20))
        }
        guard case .held = restored.stage else {
            throw CommandFailure.rejected(
                "no room is held now, so there is nothing to apply a coupon to; "
                    + "hold one with `booking hold OFFER_ID --coupon \(couponCode)`")
        }
        return await Self.apply(couponCode, driver: driver, invocation: invocation)
    }

    /// Applies `code` to the held room and says how it went: the new price
    /// (exit 0), or the named refusal with the price kept (exit 1).
    /// With `emitsJSON` (and `--json`), the outcome is printed as a document.
    static func apply(_ code: String, driver: FlowDriver, invocation: Invocation, emitsJSON: Bool = true) async
        -> ExitCode
    {
        let before = await driver.client.state
        let state: BookingFlow.State
        do {
            state = try await driver.client.applyCoupon(code)
        } catch .actionUnavailable(_, _, let reason?) {
            // The screen's reason, for the person paying (a code applied already, offline).
            invocation.say("The coupon \(code.terminalSafe) was not applied: \(reason)")
            return .failed
        } catch {
            invocation.say("The coupon \(code.terminalSafe) was not applied: \(error)")
            return .failed
        }
        let money = invocation.console.money
        let old = before.price.map { money.text($0.total) } ?? ""
        guard case .held(let held) = state.stage else {
            HoldCommand.render(state, driver: driver, invocation: invocation)
            return .failed
        }
        if invocation.json && emitsJSON {
            invocation.emit([
                "coupon": .string(code),
                "outcome": .string(held.coupon.name),
                "price": .string(held.price.total.formatted),
                "state": FlowRenderer.json(state, secondsLeft: driver.secondsLeft(state)),
            ])
        }
        switch held.coupon {
        case .applied:
            invocation.say(
                "Coupon \(code.terminalSafe) applied: the room now costs "
                    + "\(money.text(held.price.total).terminalSafe) (was \(old.terminalSafe)).")
            return .done
        case .refused(_, let reason):
            invocation.say(
                "Coupon \(code.terminalSafe) refused (\(reason.rawValue)): " + (state.message ?? "").terminalSafe
                    + " The room is still held at \(money.text(held.price.total).terminalSafe).")
            return .failed
        case .idle, .applying:
            return .unknown
        }
    }
}
