import BookingHTTPServer

/// The sandbox's own 3-D Secure page, as a bank would show it: the amount,
/// the merchant and two buttons that POST the answer back to the page's
/// URL. Every value printed is escaped. The URL carries the booking's
/// challenge token: the booking id alone (in every answer about it, on the
/// dashboard, in the return link) opens nothing.
enum ChallengePage {
    /// The page's path and query for `bookingId` and its `token`.
    static func path(bookingId: String, token: String) -> String { "/sandbox/3ds/\(bookingId)?token=\(token)" }

    /// The page's absolute URL on the sandbox's origin (the booking's `nextAction.url`).
    static func url(origin: SandboxOrigin, bookingId: String, token: String) -> String {
        origin.url + path(bookingId: bookingId, token: token)
    }

    /// The form for a booking waiting for 3-D Secure (whose token was checked).
    static func form(_ booking: BookingRecord, hold: HoldRecord) -> HTTPResponse {
        let action = HTML.escape(path(bookingId: booking.bookingId, token: booking.challengeToken ?? ""))
        let body = """
            <div class="card">
            <p class="muted">Sandbox bank · 3-D Secure</p>
            <h1>Confirm this payment</h1>
            <p>Merchant: <strong>\(HTML.escape(hold.property.name))</strong>, \(HTML.escape(hold.property.city))</p>
            <p class="amount">\(HTML.escape(DashboardPage.amount(hold.price.total)))</p>
            <p class="muted">\(HTML.escape(hold.room.name)), \(HTML.escape(hold.checkIn.isoString)) to \
            \(HTML.escape(hold.checkOut.isoString)). Booking <code>\(HTML.escape(booking.bookingId))</code>.</p>
            <form method="post" action="\(action)">
            <button class="pass" type="submit" name="result" value="pass" id="complete">Complete</button>
            <button class="fail" type="submit" name="result" value="fail" id="fail">Fail</button>
            </form>
            </div>
            """
        return HTML.response(status: 200, title: "3-D Secure: confirm the payment", body: body)
    }

    /// After the answer: a 303 to the client's return URL, or a page saying
    /// to go back to the app when it gave none.
    static func answered(_ booking: BookingRecord, passed: Bool) -> HTTPResponse {
        if let template = booking.returnURL {
            return HTTPResponse(
                status: 303,
                headers: [
                    "Location": ReturnURL.resolve(template, bookingId: booking.bookingId), "Cache-Control": "no-store",
                ])
        }
        let outcome = passed ? "Payment authenticated" : "Authentication failed"
        return HTML.response(
            status: 200, title: outcome,
            body: "<div class=\"card\"><h1 id=\"outcome\">\(HTML.escape(outcome))</h1>"
                + "<p>You can return to the app.</p></div>")
    }

    /// The form's answer from a `application/x-www-form-urlencoded` body:
    /// exactly `result=pass` or `result=fail`; anything else is `nil`.
    static func result(from body: [UInt8]) -> Bool? {
        switch String(decoding: body, as: UTF8.self) {
        case "result=pass": return true
        case "result=fail": return false
        default: return nil
        }
    }
}
