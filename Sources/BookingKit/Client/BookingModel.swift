import Foundation
import Observation

/// The booking flow for a SwiftUI screen: an observable view of the
/// client's state on the main actor, with the actions as methods.
///
/// ```swift
/// @State var model = BookingModel(client: client)
/// var body: some View {
///     VStack { Text(model.state.titleText.defaultValue); /* ... */ }
///         .task { await model.run() }
/// }
/// ```
///
/// The actions never throw: a refusal lands in `lastError`, which the
/// screen may show; the flow's own failures are states, shown by the
/// state's `titleText` and `messageText`.
///
/// The model needs iOS 17 or macOS 14 (it is `@Observable`); the rest of
/// the library runs on iOS 16 and macOS 13, as the package names.
@available(iOS 17, macOS 14, *)
@MainActor
@Observable
public final class BookingModel {
    /// The client the model drives.
    public let client: BookingClient
    /// One published value: a state of the flow with the countdown read for
    /// it, set in one assignment, so a screen never draws a stage with
    /// another stage's countdown.
    package struct Snapshot: Equatable, Sendable {
        /// The flow's state.
        package let state: BookingFlow.State
        /// The hold's seconds left in `state`; nil when nothing is held.
        package let countdownSeconds: Int?
    }

    /// What the screen draws: the latest state with its countdown. Each
    /// change is one value, in the order the flow took them.
    package private(set) var snapshot: Snapshot
    /// The flow's latest state. It changes in one assignment with
    /// `countdownSeconds`, so a screen never draws a stage with another
    /// stage's countdown.
    public var state: BookingFlow.State { snapshot.state }
    /// The hold's seconds left, ticking once a second; nil when nothing is
    /// held (`snapshot.countdownSeconds`).
    public var countdownSeconds: Int? { snapshot.countdownSeconds }
    /// What `launch()` found, once `run()` has launched.
    public private(set) var launchReport: LaunchReport?
    /// The last action the client refused, until the next action.
    public private(set) var lastError: BookingClientError?
    /// The trips saved on this device, kept current by `run()` from
    /// `BookingClient.tripUpdates()` (a payment here, a sync, a cancel, another
    /// process on the data directory).
    public private(set) var trips: [Trip] = []
    /// The rooms the account holds on other devices, read at launch and
    /// each time the scene becomes active (`BookingClient.holdsElsewhere()`):
    /// show each with its time left (`client.secondsLeft(on:)`), "Pay it
    /// here" (`takeOver(_:)`) and "Let it go" (`letGo(_:)`).
    public private(set) var heldElsewhere: [HeldElsewhere] = []
    /// A link opened while no one was signed in: opened by `signedIn(_:)`.
    @ObservationIgnored private var linkWaitingForSignIn: URL?

    /// A model over `client`, at the initial state until `run()` starts.
    public init(client: BookingClient) {
        self.client = client
        snapshot = Snapshot(state: BookingFlow.initialState, countdownSeconds: nil)
    }

    /// The buttons, in order, each enabled or disabled with a reason
    /// (`state.actions`). The screen's words are the state's: `titleText`,
    /// `messageText`, `bannerText`; its spinner is `showsProgress`.
    public var actions: [BookingFlow.ActionState] { state.actions }
    /// The lead guest's details the flow holds (`setGuest(_:)`), for the form.
    public var guest: GuestDetails? { state.guest }
    /// What is wrong with `guest` (the field and why), for the form to show
    /// next to that field; nil when Pay can send them, or none were given.
    public var guestProblem: GuestDetails.Problem? { state.guest?.problem }

    /// Gives the flow the form's guest details (`BookingClient.setGuest(_:)`):
    /// Pay is enabled once they are valid.
    public func setGuest(_ guest: GuestDetails?) async {
        await client.setGuest(guest)
        show(await client.runtime.flow.numbered)
    }

    /// The bank's 3-D Secure page to present, when the flow asks for it.
    public var challengeURL: URL? {
        if case .challenge(let url)? = state.navigation { return URL(string: url) }
        return nil
    }

    /// Launches the client, then follows its states and the countdown until
    /// the calling task is cancelled (SwiftUI's `.task` does that).
    ///
    /// The published values are ordered: `state` never goes back to a state
    /// the flow had left (a state an action returned is not replaced by an
    /// older one arriving late), the first state after launching is the
    /// restored one, and `countdownSeconds` is set with each state, in the
    /// same main-actor turn, from the client's hold clock.
    public func run() async {
        let flow = client.runtime.flow
        let states = await flow.numberedStates()
        launchReport = await client.launch()
        heldElsewhere = launchReport?.heldElsewhere ?? []
        show(await flow.numbered)
        async let ticking: Void = tick()
        async let listing: Void = followTrips()
        for await next in states {
            show(next)
            // A turn for the screen (and any observer) to read each value.
            await Task.yield()
        }
        await ticking
        await listing
    }

    private func followTrips() async {
        for await trips in client.tripUpdates() where trips != self.trips { self.trips = trips }
    }

    /// Shows `next` unless a newer state is already shown.
    private func show(_ next: FlowStore.Numbered) {
        guard next.revision > shownRevision else { return }
        shownRevision = next.revision
        let shown = Snapshot(state: next.state, countdownSeconds: client.secondsLeft(in: next.state))
        if shown != snapshot { snapshot = shown }
    }

    /// The number of the state shown; -1 before the first.
    private var shownRevision = -1

    private func refreshCountdown() {
        let seconds = client.secondsLeft(in: state)
        if seconds != countdownSeconds { snapshot = Snapshot(state: state, countdownSeconds: seconds) }
    }

    /// The countdown's figure for the state shown, each time the client's
    /// countdown moves (once a second while a room is held, never while
    /// nothing is: `BookingClient.countdown()`).
    private func tick() async {
        for await _ in client.countdown() { refreshCountdown() }
    }

    /// Waits until the flow has nothing in flight (see
    /// `BookingClient.waitUntilAtRest(timeout:)`); false when `timeout` passed first.
    @discardableResult
    public func waitForOutcome(timeout: Duration) async -> Bool {
        do {
            _ = try await client.waitUntilAtRest(timeout: timeout)
            show(await client.runtime.flow.numbered)
            return true
        } catch {
            lastError = error
            return false
        }
    }

    /// Shows `offer`, from the results or from any final screen (a new
    /// booking: see `BookingClient.choose(_:)`).
    public func choose(_ offer: Offer) async {
        await act { client throws(BookingClientError) in try await client.choose(offer) }
    }
    /// Cancels trip `id` (`BookingClient.cancel(_:)`) and returns it as
    /// saved; nil, with `lastError` set (`.cancel(...)` says why), when it
    /// did not end cancelled. `trips` shows the change.
    @discardableResult
    public func cancel(_ id: BookingID) async -> Trip? {
        await act { client throws(BookingClientError) in try await client.cancel(id) }
    }
    /// Holds `offer` and returns how the hold ended (`BookingClient.hold(_:)`);
    /// nil, with `lastError` set, when the screen does not offer it. The
    /// states it passes through are published meanwhile.
    @discardableResult
    public func hold(_ offer: Offer) async -> HoldResult? {
        await act { client throws(BookingClientError) in try await client.hold(offer) }
    }
    /// Pays with `token` and returns how the payment ended
    /// (`BookingClient.pay(with:bankPage:)`: after a declined card the room
    /// is kept first; with `bankPage`, the bank's 3-D Secure page is
    /// presented and its outcome returned); nil, with `lastError` set, when
    /// the screen does not offer Pay. `guest`, when given, is set first
    /// (`setGuest(_:)`).
    @discardableResult
    public func pay(with token: PaymentToken, bankPage: BankPage? = nil, guest: GuestDetails? = nil) async
        -> PaymentResult?
    {
        await act { client throws(BookingClientError) in
            try await client.pay(with: token, bankPage: bankPage, guest: guest)
        }
    }
    /// Pays `held` here, a room the account holds on another device: held
    /// under this device's own attempt, then `pay(with:)` pays it
    /// (`BookingClient.takeOver(_:)`); nil, with `lastError` set, when the
    /// screen is busy with a hold or a payment.
    @discardableResult
    public func takeOver(_ held: HeldElsewhere) async -> HoldResult? {
        let result = await act { client throws(BookingClientError) in try await client.takeOver(held) }
        heldElsewhere.removeAll { $0.id == held.id }
        return result
    }
    /// Lets `held` go for every device of the account
    /// (`BookingClient.letGo(_:)`); `lastError` is set when it cannot be saved.
    public func letGo(_ held: HeldElsewhere) async {
        await act { client throws(BookingClientError) in try await client.letGo(held) }
        if lastError == nil { heldElsewhere.removeAll { $0.id == held.id } }
    }
    /// Accepts the new price and returns how the new hold ended.
    @discardableResult
    public func acceptNewPrice() async -> HoldResult? {
        await act { client throws(BookingClientError) in try await client.acceptNewPrice() }
    }
    /// Tries again with a new attempt and returns how its hold ended.
    @discardableResult
    public func retry() async -> HoldResult? {
        await act { client throws(BookingClientError) in try await client.retry() }
    }
    /// Asks the server again.
    public func checkAgain() async { await act { client throws(BookingClientError) in try await client.checkAgain() } }
    /// Opens the bank's page again.
    public func openChallenge() async {
        await act { client throws(BookingClientError) in try await client.openChallenge() }
    }
    /// Leaves the bank's page for another card ("Use another card"): the
    /// room stays held and nothing is charged for the page left
    /// (`BookingClient.useAnotherCard()`).
    public func useAnotherCard() async {
        await act { client throws(BookingClientError) in try await client.useAnotherCard() }
    }
    /// Applies a coupon code to the held room ("Apply a coupon code") and
    /// returns where the flow settled: the room held at the new price, or
    /// the refusal in the state's message (`BookingClient.applyCoupon(_:timeout:)`).
    @discardableResult
    public func applyCoupon(_ code: String) async -> BookingFlow.State? {
        await act { client throws(BookingClientError) in try await client.applyCoupon(code) }
    }
    /// Back, or Done.
    public func back() async { await act { client throws(BookingClientError) in try await client.back() } }
    /// Back from the bank's page, or into the foreground (`sceneBecameActive()`).
    package func returnedToApp() async { await act { await $0.returnedToApp() } }
    /// The user signed in again (the `signIn` action, "Sign in again"):
    /// requests carry `credential` from now on, and the flow resumes by
    /// asking the server first (`BookingClient.signedIn(_:)`).
    ///
    /// A link opened while no one was signed in (`open(_:)` set `lastError`
    /// to `.signedOut`) opens now, and is returned.
    @discardableResult
    public func signedIn(_ credential: BookingClient.Credential) async -> OpenedLink? {
        await act { await $0.signedIn(credential) }
        guard let link = linkWaitingForSignIn else { return nil }
        linkWaitingForSignIn = nil
        return await open(link)
    }

    /// Call when the scene becomes active (`onChange(of: scenePhase)` to
    /// `.active`): a payment waiting on the bank's page or on the server is
    /// asked about again at once, since the user may have finished, or
    /// closed, the bank's page while the app was away. Elsewhere it changes
    /// nothing.
    ///
    /// ```swift
    /// .onChange(of: scenePhase) { _, phase in
    ///     if phase == .active { Task { await model.sceneBecameActive() } }
    /// }
    /// ```
    public func sceneBecameActive() async {
        await returnedToApp()
        // Offline or refused, the list stays as last read: nothing is concluded.
        if let rooms = try? await client.holdsElsewhere() { heldElsewhere = rooms }
    }

    /// Opens a universal link (`onOpenURL`) through `BookingClient.open(_:)`:
    /// a 3-D Secure return link re-checks the payment it names, a trip
    /// link gives the trip saved on this device. Nil, with `lastError` set,
    /// for a link that does not open (rejected, an unknown trip, no
    /// payment waiting for it). While no one is signed in, nil with
    /// `lastError` `.signedOut`: nothing of the link is read or shown, and
    /// `signedIn(_:)` opens it after the user signs in.
    ///
    /// ```swift
    /// .onOpenURL { url in Task { await model.open(url) } }
    /// ```
    @discardableResult
    public func open(_ url: URL) async -> OpenedLink? {
        lastError = nil
        do {
            let opened = try await client.open(url.absoluteString)
            show(await client.runtime.flow.numbered)
            return opened
        } catch {
            if error == .signedOut { linkWaitingForSignIn = url }
            lastError = error
            return nil
        }
    }

    @discardableResult
    private func act<T>(_ action: (BookingClient) async throws(BookingClientError) -> T) async -> T? {
        lastError = nil
        do {
            let value = try await action(client)
            // The flow's latest, numbered: never older than what is shown.
            show(await client.runtime.flow.numbered)
            return value
        } catch {
            lastError = error
            return nil
        }
    }
}
