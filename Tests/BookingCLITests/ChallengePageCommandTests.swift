import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// 3-D Secure answered by a person on the sandbox's page: `pay` on a
/// terminal prints the page's URL and polls until the answer; `open` with
/// the return link brings a waiting payment back, and a link for another
/// booking changes nothing.
@Suite struct ChallengePageCommandTests {
    /// POSTs the page's form answer as a browser would; returns the status
    /// and the redirect's `Location` (not followed: it leads into the app).
    static func answer(_ pageURL: String, pass: Bool) async throws -> (status: Int, location: String?) {
        var request = URLRequest(url: try #require(URL(string: pageURL)))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data((pass ? "result=pass" : "result=fail").utf8)
        let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let (_, response) = try await session.data(for: request)
        let http = response as? HTTPURLResponse
        return (http?.statusCode ?? 0, http?.value(forHTTPHeaderField: "Location"))
    }

    @Test(ExternalTool.needed("script"))
    func payOnATerminalPrintsThePageAndWaitsForThePerson() async throws {
        let sandbox = try await SandboxProcess()
        let booking = Booking(server: sandbox.url, label: "cli-3ds-person")
        try await InProcess(sharing: booking).holdAnOffer()
        let path = try #require(Booking.path)
        let command =
            ([path] + booking.global + ["pay", "--card", "tok_threeDSecureRequired"] + SampleGuest.shellArguments)
            .joined(separator: " ")
        let pay = try await Booking.spawn(
            try #require(ExternalTool.path("script")), ["-qfec", command, "/dev/null"], environment: ["NO_COLOR": "1"])
        try #require(await Booking.waitForOutput(pay, containing: "/sandbox/3ds/"), "no page URL: \(pay.outputSoFar)")
        let line = try #require(
            pay.outputSoFar.split(whereSeparator: \.isNewline).first { $0.contains("/sandbox/3ds/") })
        let url = try #require(
            line.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(url.hasPrefix(sandbox.url + "/sandbox/3ds/bk_"))
        // The CLI sent its return link with the payment: the page sends the
        // browser back into the app, to the route `booking open` takes.
        let answered = try await Self.answer(url, pass: true)
        #expect(answered.status == 303)
        let bookingID = try #require(url.split(separator: "/").last?.split(separator: "?").first)
        #expect(answered.location == "https://example.com/bookings/\(bookingID)/3ds-return")
        let run = await Booking.finish(pay)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Outcome: confirmed"))
        #expect(try await sandbox.ledger().chargeCount == 1)
        await sandbox.stop()
    }

    @Test(ExternalTool.needed("script"))
    func openWithTheReturnLinkFollowsTheWaitingPayment() async throws {
        // On a terminal (a person answers), killed once the booking waits for
        // 3-D Secure, before the page opens.
        let (sandbox, _, cli, id, page) = try await Booking.waitingOnTheBanksPage(
            "cli-3ds-return", onATerminal: true)
        // The page as the payment's answer gave it (its token binds it to the booking).
        #expect(page.hasPrefix(sandbox.url + "/sandbox/3ds/\(id)?token="))

        let other = try await cli.run(["open", "https://example.com/bookings/bk_0000000000000000/3ds-return"])
        #expect(other.status == 2)
        #expect(other.error.contains("nothing was changed"), "\(other.error)")
        let malformed = try await cli.run(["open", "https://example.com/bookings/bk<x>/3ds-return"])
        #expect(malformed.status == 2)

        let answered = try await Self.answer(page, pass: true)
        #expect(answered.status == 303, "\(page)")
        #expect(answered.location == "https://example.com/bookings/\(id)/3ds-return")
        let opened = try await cli.run(["open", "https://example.com/bookings/\(id)/3ds-return"])
        #expect(opened.status == 0, "\(opened.output) \(opened.error)")
        #expect(opened.output.contains("Outcome: confirmed"))
        #expect(try await sandbox.ledger().chargeCount == 1)
        await sandbox.stop()
    }
}

/// Leaves every redirect unfollowed, so the 3xx itself is the answer.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
