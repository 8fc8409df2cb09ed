import BookingHTTPServer

/// The dashboard as HTML: per account its bookings and holds, then the
/// ledger, the stored idempotent answers and the fault rates, each section
/// linking to its JSON. Every value goes through `HTML.escape`.
enum DashboardPage {
    static func response(_ dashboard: Dashboard) -> HTTPResponse {
        var body =
            "<h1>BookingKit sandbox</h1>\n<p class=\"muted\">The contract: <a href=\"/openapi.yaml\">openapi.yaml</a>."
            + " Loopback only; nothing here needs a key.</p>\n"
        let accounts = Set(dashboard.bookings.map(\.account) + dashboard.holds.map(\.account)).sorted()
        if accounts.isEmpty { body += "<p>No holds or bookings yet.</p>\n" }
        for account in accounts {
            body += "<h2>Account <code>\(HTML.escape(account))</code></h2>\n"
            body +=
                heading("Bookings", .bookings, level: 3)
                + table(
                    ["Booking", "State", "Version", "Property", "Check-in", "Check-out", "Amount"],
                    dashboard.bookings.filter { $0.account == account }.map {
                        [
                            $0.bookingId, $0.state, String($0.version), $0.property, $0.checkIn, $0.checkOut,
                            amount($0.amount),
                        ]
                    })
            body +=
                heading("Holds", .holds, level: 3)
                + table(
                    ["Hold", "State", "Expires", "Booking"],
                    dashboard.holds.filter { $0.account == account }.map {
                        [$0.holdId, $0.state, $0.expiresAt, $0.bookingId ?? ""]
                    })
        }
        body +=
            heading("Ledger: charges per idempotency key", .ledger, level: 2)
            + table(
                ["Account", "Idempotency key", "Booking", "Charges", "Refunds", "Charged", "Refunded"],
                dashboard.ledger.map {
                    [
                        $0.account, $0.idempotencyKey, $0.bookingId, String($0.charges), String($0.refunds),
                        amount($0.charged), amount($0.refunded),
                    ]
                })
        body +=
            heading("Stored idempotent answers", .idempotency, level: 2)
            + table(
                ["Account", "Endpoint", "Key", "State", "Status", "Seconds left"],
                dashboard.idempotency.map {
                    [
                        $0.account, $0.endpoint, $0.key, $0.state, $0.status.map(String.init) ?? "",
                        String($0.secondsLeft),
                    ]
                })
        body +=
            heading("Payment methods: the switch and how payments end (since the sandbox started)", .stats, level: 2)
            + table(
                [
                    "Kind", "Enabled", "Why off", "Bookings", "Looked up after POST", "Unknown share", "Replays",
                    "Abandoned", "Refused by the switch", "Keys closed, no booking", "Guardrail",
                ],
                dashboard.stats.map { row in
                    [
                        row.kind, row.enabled ? "yes" : "no (\(row.pausedBy ?? ""))", row.reason ?? "",
                        String(row.bookings), String(row.lookedUpAfterPost), percent(row.unknownShare),
                        String(row.replays), String(row.abandoned), String(row.refusedBySwitch),
                        String(row.keysClosedWithoutBooking), guardrail(row.guardrailWindow),
                    ]
                })
        body +=
            heading("Rollout groups (Booking-Cohort): how each group's payments end", .cohorts, level: 2)
            + table(
                [
                    "Group", "Bookings", "Looked up after POST", "Unknown share", "Settled", "Time to outcome p50",
                    "p95", "Refused while paused", "Paused",
                ],
                dashboard.cohorts.map { row in
                    [
                        row.cohort, String(row.bookings), String(row.lookedUpAfterPost), percent(row.unknownShare),
                        String(row.settled), seconds(row.timeToOutcomeP50Ms), seconds(row.timeToOutcomeP95Ms),
                        String(row.refusedWhilePaused),
                        row.pausedReason.map { "\($0) (\(row.pausedBy ?? ""))" } ?? "no",
                    ]
                })
        body +=
            heading("Fault switches (server-wide rates; one request: the Sandbox-Fault header)", .faults, level: 2)
            + table(["Fault", "Rate"], dashboard.faults.map { [$0.fault, String($0.rate)] })
        return HTML.response(status: 200, title: "BookingKit sandbox", body: body)
    }

    private static func heading(_ title: String, _ section: DashboardSection, level: Int) -> String {
        "<h\(level)>\(HTML.escape(title)) <small><a href=\"\(section.jsonPath)\">JSON</a></small></h\(level)>\n"
    }

    private static func table(_ headers: [String], _ rows: [[String]]) -> String {
        guard !rows.isEmpty else { return "<p class=\"muted\">None.</p>\n" }
        let head = headers.map { "<th>\(HTML.escape($0))</th>" }.joined()
        let cells = rows.map { row in "<tr>" + row.map { "<td>\(HTML.escape($0))</td>" }.joined() + "</tr>" }
        return "<table><thead><tr>\(head)</tr></thead><tbody>\n" + cells.joined(separator: "\n")
            + "\n</tbody></table>\n"
    }

    /// 1234 ms as `1.23 s`; nil as a dash.
    private static func seconds(_ milliseconds: Int64?) -> String {
        milliseconds.map { String(format: "%.2f s", Double($0) / 1_000) } ?? "-"
    }

    /// 0.25 as `25%`.
    private static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded()))%" }

    /// The guardrail's window in words.
    private static func guardrail(_ window: PaymentMethodRow.GuardrailWindow?) -> String {
        guard let window else { return "" }
        return "\(window.lookedUpAfterPost) of the last \(window.bookings) (of \(window.window)) looked up; "
            + "pauses at \(percent(window.pausesAt))" + (window.paused ? "; PAUSED" : "")
    }

    /// `12345 EUR` as `123.45 EUR` (the sandbox's currencies have two decimals).
    static func amount(_ money: MoneyBody) -> String {
        let sign = money.amount < 0 ? "-" : ""
        let value = abs(money.amount)
        let cents = value % 100
        return "\(sign)\(value / 100).\(cents < 10 ? "0" : "")\(cents) \(money.currency)"
    }
}
