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
        var body = paymentMethodSwitch.body(origin: origin.url)
        if let cohort = try requestCohort(request), let paused = cohorts.paused(cohort) {
            // The group is paused: every kind reads off for its clients, with the group's reason.
            body.methods = body.methods.map {
                PaymentMethodBody(kind: $0.kind, enabled: false, reason: paused.reason, pausedBy: paused.by.rawValue)
            }
        }
        return gatewayAnswer(faults) ?? JSONResponse.make(status: 200, body)
    }

    /// The rollout group `request` names (`Booking-Cohort`), nil for none.
    ///
    /// - Throws: `400 VALIDATION_ERROR` for a name that is not 1 to 32
    ///   letters, digits, `-` or `_`.
    func requestCohort(_ request: HTTPRequest) throws -> String? {
        guard let name = request.headers[Cohorts.header] else { return nil }
        guard Cohorts.isValid(name) else {
            throw APIError.validation(
                field: Cohorts.header, "Header '\(Cohorts.header)' must be 1 to 32 letters, digits, '-' or '_'.")
        }
        return name
    }

    /// `POST /v1/sandbox/payment-methods {kind | cohort, enabled, reason?}`:
    /// switches one kind, or one rollout group, on or off at run time (on
    /// also ends a guardrail's pause).
    func setPaymentMethod(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try RequestBody(request.body, allowed: ["kind", "cohort", "enabled", "reason"])
        let cohort = try body.optionalString("cohort", maxLength: 64)
        let kind: PaymentMethodKind?
        if let cohort {
            guard Cohorts.isValid(cohort), !body.has("kind") else {
                throw APIError.validation(
                    field: "cohort", "Give either 'kind' or a 'cohort' of 1 to 32 letters, digits, '-' or '_'.")
            }
            kind = nil
        } else {
            kind = PaymentMethodKind(rawValue: try body.oneOf("kind", PaymentMethodKind.allCases.map(\.rawValue)))
        }
        let enabled = try body.bool("enabled")
        let reason = try body.optionalString("reason", maxLength: 4 * PaymentMethodSwitch.maximumReasonLength)
        if let reason, reason.count > PaymentMethodSwitch.maximumReasonLength {
            throw APIError.validation(
                field: "reason", "Field 'reason' must be 1 to \(PaymentMethodSwitch.maximumReasonLength) characters.")
        }
        let off =
            enabled ? nil : PaymentMethodSwitch.Off(reason: reason ?? PaymentMethodSwitch.defaultReason, by: .operator)
        if let cohort {
            cohorts.set(cohort, paused: off)
        } else if let kind {
            paymentMethodSwitch.set(kind, off: off, now: now)
            if enabled { paymentMethodStats.restartWindow(kind) }
        }
        let origin = origin(of: request) ?? .fallback
        return JSONResponse.make(status: 200, paymentMethodSwitch.body(origin: origin.url))
    }

    /// Throws `409 PAYMENT_METHOD_DISABLED` (the reason as its message) when
    /// `token`'s kind is switched off: called inside the booking POST's
    /// keyed transaction, so the refusal is stored under its key and a key
    /// that already has an answer is never refused.
    func checkPaymentMethod(_ token: SandboxToken, cohort: String?) throws {
        if let cohort, let paused = cohorts.paused(cohort) {
            cohorts.refused(cohort)
            throw APIError(status: 409, code: BookingFlow.paymentMethodOffCode, message: paused.reason)
        }
        let kind = PaymentMethodKind(token: PaymentToken(token.rawValue))
        guard let off = paymentMethodSwitch.off(kind) else { return }
        paymentMethodStats.refused(kind)
        throw APIError(status: 409, code: BookingFlow.paymentMethodOffCode, message: off.reason)
    }
}

extension SandboxHandler {
    /// Counts a booking the booking POST made (nil: it made none), and lets
    /// the guardrail judge its kind and its rollout group.
    func recordBooking(_ id: String?, kind: PaymentMethodKind, cohort: String?) {
        guard let id else { return }
        paymentMethodStats.booked(id, kind: kind)
        guardrail?.judge(kind, now: now)
        if let cohort {
            cohorts.booked(id, cohort: cohort)
            guardrail?.judge(cohort: cohort)
        }
    }

    /// Counts a lookup after the POST of booking `id`, and lets the guardrail judge its kind and group.
    func recordLookup(of id: String) {
        if let cohort = cohorts.lookedUp(id) { guardrail?.judge(cohort: cohort) }
        guard let kind = paymentMethodStats.lookedUp(id) else { return }
        guardrail?.judge(kind, now: now)
    }

    /// Counts a replay of a booking POST from its stored answer.
    func recordReplay(of stored: HTTPResponse) {
        guard let made = JSONResponse.decode(BookingID.self, from: stored.body) else { return }
        if let cohort = cohorts.lookedUp(made.bookingId) { guardrail?.judge(cohort: cohort) }
        guard let kind = paymentMethodStats.replayed(made.bookingId) else { return }
        guardrail?.judge(kind, now: now)
    }

    /// Only the id of a stored booking answer.
    private struct BookingID: Decodable {
        let bookingId: String
    }
}
