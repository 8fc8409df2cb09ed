import BookingAPI

// The server's payment-method switch on screen: read at launch (when the
// screen can pay; beside the settling, within the launch's bound), when a
// room is held, and before Pay (at most `PaymentMethodSwitchReader.readBound`),
// each time unless a read younger than `Configuration.paymentMethodsMaxAge`
// is known (this process's or an earlier one's); a kind switched off
// disables Pay with the server's reason, as offline does. Never touches a
// payment under way.
extension BookingClient {
    /// The payment-method switch as this client knows it now (no network):
    /// the last value read, saved by an earlier run, or the never-heard
    /// defaults (`source` `.neverHeard`: cards and 3-D Secure on, wallets off).
    public var paymentMethods: PaymentMethods { paymentMethodSwitch.current }

    /// Reads the switch from the server (waiting at most two seconds;
    /// unreadable, malformed or from another origin: the last value, with a
    /// log line) and shows it: Pay with the screen's kind disabled with its
    /// reason when that kind is off.
    @discardableResult
    public func refreshPaymentMethods() async -> PaymentMethods {
        let value = await paymentMethodSwitch.refresh()
        _ = await show(value, paying: await state.paymentMethod)
        return value
    }

    /// The user picked the kind of payment method to pay with (a wallet
    /// button, a card form): Pay on the held screen is disabled with the
    /// switch's reason when that kind is off. No network.
    @discardableResult
    public func choosePaymentMethod(_ kind: PaymentMethodKind) async -> BookingFlow.State {
        await show(paymentMethodSwitch.current, paying: kind)
    }

    /// Before Pay with `kind`: the switch read again unless a read is
    /// younger than `paymentMethodsMaxAge` (one GET at most), then shown.
    /// Nothing is read when the screen offers no Pay.
    func checkPaymentMethod(_ kind: PaymentMethodKind) async {
        guard case .held = await state.stage else { return }
        let value = await paymentMethodSwitch.refresh(ifOlderThan: configuration.paymentMethodsMaxAge)
        _ = await show(value, paying: kind)
    }

    /// A room just held: the held screen shows the switch, read unless a
    /// read is younger than `paymentMethodsMaxAge`, so that Pay finds it fresh.
    func readPaymentMethodsWhenHeld() async {
        let value = await paymentMethodSwitch.refresh(ifOlderThan: configuration.paymentMethodsMaxAge)
        _ = await show(value, paying: await state.paymentMethod)
    }

    /// After the server refused a payment because its kind is switched off
    /// (its switch changed since this client read it): the switch read again
    /// for the server's reason (the one read more a refusal costs), the kind
    /// off from now on whatever that read says, and the screen told.
    func paymentRefusedBySwitch(_ kind: PaymentMethodKind) async {
        if await paymentMethodSwitch.refresh().reason(kind) == nil { paymentMethodSwitch.refused(kind, reason: nil) }
        _ = await show(paymentMethodSwitch.current, paying: kind)
    }

    /// At launch, when the restored screen can pay: the switch read (for
    /// at most the launch's bound) and shown.
    func readPaymentMethodsAtLaunch() async {
        guard Self.canPay(await state.stage) else { return }
        let value = await paymentMethodSwitch.refresh(
            ifOlderThan: configuration.paymentMethodsMaxAge, within: configuration.launchBound)
        _ = await show(value, paying: await state.paymentMethod)
    }

    /// Sends the switch to the flow when what the screen's kind shows changes.
    private func show(_ value: PaymentMethods, paying kind: PaymentMethodKind) async -> BookingFlow.State {
        let now = await state
        guard now.paymentMethod != kind || now.paymentMethodsOff[kind] != value.off[kind] else { return now }
        return await runtime.flow.send(.paymentMethodsChanged(off: value.off, paying: kind))
    }

    /// Whether `stage` offers Pay, or a retry on the same hold that leads to it.
    private static func canPay(_ stage: BookingFlow.Stage) -> Bool {
        switch stage {
        case .held: return true
        case .failed(let s): return s.holdID != nil
        case .notPaid(let s): return s.holdID != nil
        default: return false
        }
    }
}
