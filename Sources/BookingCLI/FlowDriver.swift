import BookingAPI
import BookingCore
import BookingKit
import BookingPrimitives
import Foundation

/// Drives the booking flow for one command run through the run's
/// `BookingClient`, as an app's screens would: taps its actions, follows
/// the states they lead to, prints a line per stage as it goes, and
/// completes 3-D Secure challenges on the sandbox as its bank page would.
/// It holds no flow rule: ids, clocks, waits and checks are the client's.
package struct FlowDriver: Sendable {
    /// How long a hold request may take to settle.
    package static let holdBudget: Duration = .seconds(60)
    /// How long a payment may take to settle: the lost-answer lookups take
    /// about two minutes, the 3-D Secure polls about one.
    package static let paymentBudget: Duration = .seconds(180)
    /// How long a person may take over the bank's page before the run stops
    /// following (the payment goes on; `booking status` settles it).
    package static let challengeBudget: Duration = .seconds(600)

    /// The services.
    package let services: Services
    /// Whether progress lines are printed (not with `--json`).
    package let showsProgress: Bool
    private let printed = PrintedStage()
    /// Set once the run's outcome is printed by another path (a signal's):
    /// no progress line may follow it.
    private let silenced = Flag()

    /// A driver over the services' client.
    package init(services: Services, showsProgress: Bool) {
        self.services = services
        self.showsProgress = showsProgress
    }

    /// The client.
    package var client: BookingClient { services.client }

    /// Whole seconds left on the state's countdown now (the client's rule).
    package func secondsLeft(_ state: BookingFlow.State) -> Int? {
        client.secondsLeft(in: state)
    }

    /// Holds `offer` with a new attempt, awaiting how the hold ends;
    /// returns where the flow settled (held, failed, price changed, sold out).
    package func hold(_ offer: Offer, bookingAgain: Bool = false) async -> BookingFlow.State {
        _ = await awaiting(Self.holdBudget, refused: "cannot hold here") { client throws(BookingClientError) in
            try await client.hold(offer, bookingAgain: bookingAgain)
        }
        return await noticingOffline(await client.state)
    }

    /// After a declined card or a closed key the room stays held: taps the
    /// flow's "Try another card" / "Pay again", which saves a new attempt
    /// with a new key on that same hold and reads it. Returns where it
    /// settles (held, or expired when the hold ended meanwhile); nil when
    /// the state keeps no hold or the tap was refused.
    package func keepTheRoom(_ state: BookingFlow.State) async -> BookingFlow.State? {
        guard state.sameHoldRetry != nil else { return nil }
        let kept = await awaiting(Self.holdBudget, refused: "cannot keep the room here") {
            client throws(BookingClientError) in try await client.retry()
        }
        guard kept != nil else { return nil }
        return await noticingOffline(await client.state)
    }

    /// "Use another card" from a pending 3-D Secure: the booking is left on
    /// the server (nothing charged; a bank answer after it is refused) and
    /// the same room is read again under a new attempt and key. Returns the
    /// state it came to (held, to be paid with the new card; or the bank's
    /// page still pending when the server could not be reached), or nil
    /// after printing why the client refused.
    package func useAnotherCard() async -> BookingFlow.State? {
        // The library returns once the server has answered (or the budget
        // ends the wait, on the state reached).
        let left = await awaiting(Self.holdBudget, refused: "cannot use another card here") {
            client throws(BookingClientError) in try await client.useAnotherCard()
        }
        guard let left else { return nil }
        return await noticingOffline(left)
    }

    /// Runs one of the client's awaited calls while printing each stage the
    /// flow passes through. At `budget` (real time: the run's bound on how
    /// long it follows) the wait is cancelled; the flow goes on. Returns the
    /// call's value, or nil after printing why the client refused it.
    private func awaiting<T: Sendable>(
        _ budget: Duration, refused: String,
        _ action: @escaping @Sendable (BookingClient) async throws(BookingClientError) -> T
    ) async -> T? {
        let client = self.client
        let stream = await client.runtime.flow.states()
        let printer = Task { for await state in stream { report(state) } }
        let work = Task { () -> Result<T, BookingClientError> in
            do throws(BookingClientError) {
                return .success(try await action(client))
            } catch {
                return .failure(error)
            }
        }
        let timer = Task {
            guard (try? await Task.sleep(for: budget)) != nil else { return }
            work.cancel()
        }
        let result = await work.value
        timer.cancel()
        printer.cancel()
        await printer.value
        report(await client.state)
        switch result {
        case .success(let value):
            return value
        case .failure(.actionUnavailable(_, _, let reason?)):
            // The reason is the screen's, for the person paying (offline, a kind switched off).
            say("\(refused): \(reason)")
            return nil
        case .failure(let error):
            say("\(refused): \(error)")
            return nil
        }
    }

    /// When a request of this run never left, tells the flow the device is
    /// offline: its banner and disabled actions then say so, and why.
    func noticingOffline(_ state: BookingFlow.State) async -> BookingFlow.State {
        guard services.offline.isSet, state.isOnline else { return state }
        return await client.networkChanged(isOnline: false)
    }

    /// Hands the latest unfinished attempt to the flow (it reads the hold
    /// again, or looks the payment up) and follows it until the server has
    /// answered, for up to `budget`; prints only where it stands then.
    package func restore(for budget: Duration) async throws(CommandFailure) -> BookingFlow.State {
        do {
            try await client.restore()
        } catch {
            throw .failed("cannot read the saved attempt: \(error)")
        }
        let state = await client.follow(timeout: budget, until: \.hasHeardBack).state
        report(state)
        return state
    }

    /// Pays with `token` and follows the payment to a named outcome, as the
    /// client's `pay(with:bankPage:)` does (a declined room kept first, a
    /// hold read again paid once more), printing each stage. The bank's
    /// page is answered as `bankPage(pass:)` says; `guest` is the lead
    /// guest the payment is saved and sent with.
    package func pay(_ token: PaymentToken, guest: GuestDetails, passChallenge: Bool?) async -> BookingFlow.State {
        let page = bankPage(pass: passChallenge)
        return await following(passChallenge, refused: "cannot pay here") { client throws(BookingClientError) in
            try await client.pay(with: token, bankPage: page, guest: guest)
        }
    }

    /// Follows a payment restored waiting for 3-D Secure (its page saved
    /// with the server's answer) as `pay` follows a new one: the page is
    /// answered again as `bankPage(pass:)` says; nothing is sent again.
    package func resumeChallenge(passChallenge: Bool?) async -> BookingFlow.State {
        let page = bankPage(pass: passChallenge)
        return await following(passChallenge, refused: "cannot follow the payment") { client in
            await client.waitForPayment(bankPage: page)
        }
    }

    /// Runs a payment call with the progress ticker, for the payment's
    /// budget (and a person's time on the bank's page when one answers it).
    private func following<T: Sendable>(
        _ passChallenge: Bool?, refused: String,
        _ action: @escaping @Sendable (BookingClient) async throws(BookingClientError) -> T
    ) async -> BookingFlow.State {
        let ticker = ProgressTicker(client: client, console: services.console, enabled: showsProgress)
        let budget = Self.paymentBudget + (passChallenge == nil ? Self.challengeBudget : .zero)
        _ = await awaiting(budget, refused: refused, action)
        await ticker.stop()
        return await noticingOffline(await client.state)
    }

    /// How this run answers the bank's 3-D Secure page. A person (`pass`
    /// nil): its URL printed, then the booking checked for
    /// `challengeBudget`. On the sandbox: completed as `pass` says, as its
    /// bank page would. Elsewhere: not at all (the flow stops at the page).
    private func bankPage(pass: Bool?) -> BankPage? {
        guard let pass else {
            return BankPage(patience: Self.challengeBudget) { url, _ in announce(url.absoluteString) }
        }
        guard services.isSandbox else { return nil }
        let transport = client.configuration.transport ?? BookingClient.defaultTransport()
        return BankPage { url, _ in
            say("sandbox: completing the bank's page (\(pass ? "pass" : "fail"))")
            // The page's own form, posted as a browser would: its answer
            // reaches the flow only through the server's booking.
            let form = TransportRequest(
                method: "POST", url: url, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data("result=\(pass ? "pass" : "fail")".utf8), timeout: .seconds(10))
            do {
                let answer = try await transport.send(form)
                if !(200..<400).contains(answer.status) {
                    say("sandbox: the bank's page answered HTTP \(answer.status)")
                }
            } catch {
                say("sandbox: the bank's page could not be completed: \(error)")
            }
        }
    }

    /// Prints the bank page's URL for a person to open (on stderr with `--json`).
    private func announce(_ url: String) {
        let text = "Open the bank's page to answer the 3-D Secure challenge: \(url.terminalSafe)"
        guard !silenced.isSet else { return }
        if showsProgress { services.console.line(text) } else { services.console.note(text) }
    }

    /// Follows the flow until it waits for nothing but the user or the
    /// countdown, or `budget` passes; prints each new stage.
    package func follow(for budget: Duration) async -> BookingFlow.State {
        await client.follow(timeout: budget, onChange: { state in self.report(state) }, until: \.isAtRest).state
    }

    /// Stops every progress line from here on.
    package func silence() {
        silenced.set()
    }

    /// Prints the state's headline if its stage is new.
    package func report(_ state: BookingFlow.State) {
        let browsing = if case .browsing = state.stage { true } else { false }
        guard showsProgress, !silenced.isSet, !browsing || !state.soldOutOffers.isEmpty,
            printed.changed(to: state.stage.name + "|" + (state.message ?? ""))
        else { return }
        let renderer = FlowRenderer(console: services.console)
        let text = (state.showsProgress ? "… " : "• ") + renderer.headline(state)
        // On a terminal, first clear whatever a ticker left on the line.
        if services.console.isTerminal { services.console.clearLine() }
        services.console.line(text)
    }

    /// Prints a progress note (not with `--json`).
    /// Prints a progress line. Made terminal-safe here, once for every line:
    /// what it says may carry the server's words (a payment kind's reason,
    /// the sandbox's error on the bank's page), which never reach the
    /// terminal as escape codes.
    package func say(_ text: String) {
        if showsProgress, !silenced.isSet {
            services.console.line("  " + services.console.styled(text.terminalSafe, .dim))
        }
    }
}

/// The last stage line printed, so each is printed once.
private final class PrintedStage: Sendable {
    private let last = Locked<String?>(nil)

    func changed(to key: String) -> Bool {
        last.withLock { last in
            guard key != last else { return false }
            last = key
            return true
        }
    }
}
