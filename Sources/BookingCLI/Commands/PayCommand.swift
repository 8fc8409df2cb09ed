import BookingCommandLine
import BookingCore
import BookingKit

/// `booking pay`: pays for the held room in the lead guest's name and always
/// ends in a named outcome (`spec.discussion` says it as a user reads it).
/// The flow is restored from the database, then the client pays through to
/// an outcome; a payment already sent is looked up or its bank page shown
/// again, never sent again. Ctrl-C never cancels the charge (`PaymentSignals`).
struct PayCommand: BookingCommand {
    /// The sandbox's test payment tokens, offered for `--card`.
    static let sandboxCards = [
        "tok_visa", "tok_chargeDeclined", "tok_threeDSecureRequired", "tok_processingError", "tok_wallet_visa",
    ]
    static let card: TypedOption<String> = .defaulted(
        "--card", .identifier(suggesting: sandboxCards), default: "tok_visa", value: "TOKEN",
        help: "payment token (sandbox: \(sandboxCards.joined(separator: ", ")))")
    static let challenge: TypedOption<String?> = .optional(
        "--challenge", .oneOf(["pass", "fail"]),
        help: "on the sandbox, answer 3-D Secure this way (without it, on a terminal: answer the printed page)")
    static let anotherCard: TypedOption<Bool> = .flag(
        "--another-card",
        help: "leave a pending 3-D Secure page and pay the same room with --card instead, under a new key")

    /// It holds, pays or settles: it ends its work if stdout's reader leaves.
    static let finishesItsWork = true

    static let spec = CommandSpec(
        name: "pay", summary: "pay for the held room; always ends in a named outcome",
        discussion:
            "Ctrl-C never cancels a charge in flight: run `booking status` to see how it ended. A payment "
            + "interrupted while the bank's 3-D Secure page was open shows that page again (`--challenge` answers "
            + "it on the sandbox); it is never sent again. With `--another-card` that page is left instead "
            + "(nothing is charged for it) and the same room is paid with `--card` under a new key; after a "
            + "declined card the room is kept, and `booking pay --card TOKEN` tries another card on it. A room is "
            + "paid in the lead guest's name (`--guest-name`, `--guest-email`; on a terminal, asked for when left "
            + "out): saved with the payment before it leaves and sent with it. Details that are missing or wrong "
            + "are a usage error (exit code 2): nothing is saved or sent.",
        options: [card.spec, challenge.spec, anotherCard.spec] + GuestInput.specs)

    /// The payment token.
    let token: PaymentToken
    /// How to answer 3-D Secure on the sandbox, if said.
    let challenge: String?
    /// Leave a pending 3-D Secure page and pay with `token` instead.
    let anotherCard: Bool
    /// The lead guest's details as given.
    let guest: GuestInput

    init(_ input: CommandInput) throws(UsageError) {
        token = PaymentToken(try input(Self.card))
        challenge = try input(Self.challenge)
        anotherCard = try input(Self.anotherCard)
        guest = try GuestInput(input, command: Self.spec.name)
    }

    func run(_ invocation: Invocation) async throws -> ExitCode {
        let services = try invocation.services(eventLog: "pay")
        let driver = FlowDriver(services: services, showsProgress: !invocation.json)
        // The settling's read of the held attempt's hold is the restore's too: one GET.
        var state = await driver.noticingOffline(
            try await services.client.sharingHoldReads {
                await services.settleAtLaunch()
                return try await driver.restore(for: .seconds(20))
            })
        if anotherCard, case .actionRequired = state.stage {
            driver.say("Leaving the bank's page: nothing is charged for it. Paying the same room with another card.")
            if let left = await driver.useAnotherCard() { state = left }
        }
        let byPerson = challenge == nil && services.console.isTerminal && !invocation.json
        let pass = byPerson ? nil : (challenge ?? "pass") == "pass"
        switch state.stage {
        case .failed where state.sameHoldRetry != nil, .notPaid where state.sameHoldRetry != nil, .held:
            let guest = try guest.details(
                command: Self.spec.name, console: invocation.console, canAsk: !invocation.json)
            if case .held(let held) = state.stage {
                let room = await RoomLabel.describe(held.attempt.offerID, price: held.price.total, services: services)
                driver.say("Paying for \(room) (hold \(held.hold.id)), for \(guest.name.terminalSafe).")
            } else {  // Certainly not paid, the room still held: the client keeps it under a new key, then pays.
                driver.say("Nothing was charged. Paying the same held room again, under a new key.")
            }
            state = await PaymentSignals.paying(driver, invocation) {
                await driver.pay(token, guest: guest, passChallenge: pass)
            }
        case .browsing:
            throw try await PaymentReport.nothingHeld(services.client)
        case .actionRequired:
            driver.say("This room's payment waits for the bank's 3-D Secure page: it is not sent again.")
            state = await driver.resumeChallenge(passChallenge: pass)
        case .submitting, .unknown, .processing:
            driver.say("This room's payment was already sent: it is looked up, never sent again.")
        default:
            break
        }
        return await PaymentReport.finish(state, services: services, driver: driver, invocation: invocation)
    }
}
