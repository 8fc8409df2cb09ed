import BookingCore
import BookingHTTPServer

extension SandboxHandler {
    /// `GET /v1/payment-methods`: the kill switch, every kind with
    /// `enabled` (and its reason when off), the sandbox's origin and when
    /// the switch last changed. Takes the read faults every read takes: a
    /// delay, a 500, a dropped answer, a gateway's status.
    func paymentMethods(_ request: HTTPRequest, faults: FaultSet) async throws -> HTTPResponse {
        _ = try QueryParameters(request, allowed: [])
        await applyDelay(faults)
        for fault in [SandboxFault.error500BeforeCommit, .error500AfterCommit] where faults.contains(fault) {
            return Self.injected500(fault.description)
        }
        if faults.contains(.dropResponseAfterCommit) { return .dropped }
        let origin = origin(of: request) ?? .fallback
        return gatewayAnswer(faults) ?? JSONResponse.make(status: 200, paymentMethodSwitch.body(origin: origin.url))
    }

    /// `POST /v1/sandbox/payment-methods {kind, enabled, reason?}`: switches
    /// one kind on or off at run time (on also ends a guardrail's pause).
    func setPaymentMethod(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try RequestBody(request.body, allowed: ["kind", "enabled", "reason"])
        let kindName = try body.oneOf("kind", PaymentMethodKind.allCases.map(\.rawValue))
        guard let kind = PaymentMethodKind(rawValue: kindName) else { throw APIError.internalError }
        let enabled = try body.bool("enabled")
        let reason = try body.optionalString("reason", maxLength: 4 * PaymentMethodSwitch.maximumReasonLength)
        if let reason, reason.count > PaymentMethodSwitch.maximumReasonLength {
            throw APIError.validation(
                field: "reason", "Field 'reason' must be 1 to \(PaymentMethodSwitch.maximumReasonLength) characters.")
        }
        let off =
            enabled ? nil : PaymentMethodSwitch.Off(reason: reason ?? PaymentMethodSwitch.defaultReason, by: .operator)
        paymentMethodSwitch.set(kind, off: off, now: now)
        if enabled { paymentMethodStats.restartWindow(kind) }
        let origin = origin(of: request) ?? .fallback
        return JSONResponse.make(status: 200, paymentMethodSwitch.body(origin: origin.url))
    }

    /// Throws `409 PAYMENT_METHOD_DISABLED` (the reason as its message) when
    /// `token`'s kind is switched off: called inside the booking POST's
    /// keyed transaction, so the refusal is stored under its key and a key
    /// that already has an answer is never refused.
    func checkPaymentMethod(_ token: SandboxToken) throws {
        let kind = PaymentMethodKind(token: PaymentToken(token.rawValue))
        guard let off = paymentMethodSwitch.off(kind) else { return }
        paymentMethodStats.refused(kind)
        throw APIError(status: 409, code: BookingFlow.paymentMethodOffCode, message: off.reason)
    }
}

extension SandboxHandler {
    /// Counts a booking the booking POST made (nil: it made none), and lets the guardrail judge its kind.
    func recordBooking(_ id: String?, kind: PaymentMethodKind) {
        guard let id else { return }
        paymentMethodStats.booked(id, kind: kind)
        guardrail?.judge(kind, now: now)
    }

    /// Counts a lookup after the POST of booking `id`, and lets the guardrail judge its kind.
    func recordLookup(of id: String) {
        guard let kind = paymentMethodStats.lookedUp(id) else { return }
        guardrail?.judge(kind, now: now)
    }

    /// Counts a replay of a booking POST from its stored answer.
    func recordReplay(of stored: HTTPResponse) {
        guard let made = JSONResponse.decode(BookingID.self, from: stored.body),
            let kind = paymentMethodStats.replayed(made.bookingId)
        else { return }
        guardrail?.judge(kind, now: now)
    }

    /// Only the id of a stored booking answer.
    private struct BookingID: Decodable {
        let bookingId: String
    }
}
