import BookingAPI
import BookingPrimitives
import Foundation
import TestSupport
import Testing

/// A server whose certificate `booking` does not trust is named as such on
/// every command that asks it something, never "offline" (issue 37):
/// `openssl s_server` on loopback with a certificate from a CA the test
/// makes and nobody trusts, and `booking` as a child process with the
/// transport it ships with.
@Suite(ExternalTool.needed("openssl")) struct UntrustedServerCommandTests {
    private static var openssl: String { ExternalTool.path("openssl") ?? "openssl" }
    /// What every refusal says, before OpenSSL's own words.
    private static let named =
        "the secure connection failed (the server's certificate is not trusted for 127.0.0.1: "
        + "SSL certificate problem: "

    @Test func searchOffersAndTripsNameTheCertificateNotOffline() async throws {
        let server = try await OpenSSLServer.start(openssl: Self.openssl)
        let booking = Booking(server: "https://127.0.0.1:\(server.port)", label: "cli-untrusted")

        let search = try await booking.run(["search", "Lisbon"])
        #expect(search.status == 1)
        #expect(search.error.contains("cannot suggest places: " + Self.named), "\(search.error)")
        let offers = try await booking.run([
            "offers", "--place", "plc_lisbon", "--check-in", Booking.date(20), "--check-out", Booking.date(22),
            "--guests", "2",
        ])
        #expect(offers.status == 1)
        #expect(offers.error.contains("cannot list offers: " + Self.named), "\(offers.error)")
        let trips = try await booking.run(["trips"])
        #expect(trips.status == 0, "\(trips.error)")
        #expect(trips.output.contains("Not refreshed: " + Self.named), "\(trips.output)")
        let json = try await booking.run(["trips", "--json", "--refresh"])
        #expect(json.status == 0, "\(json.error)")
        #expect(try json.json()["offline"] as? Bool == false)
        #expect((try json.json()["notRefreshed"] as? String)?.hasPrefix(Self.named) == true, "\(json.output)")
        for run in [search, offers, trips] {
            #expect(!(run.output + run.error).lowercased().contains("offline"), "\(run.output)\(run.error)")
        }
        await server.stop()
    }

    /// A hold of an offer listed earlier (by the embedded sandbox, its data
    /// handed over to the untrusted server), sent to the untrusted server:
    /// the room is not held, and stderr says why.
    @Test func aHoldNamesTheCertificate() async throws {
        let (hold, _) = try await Self.refused("cli-untrusted-hold", made: { try await $0.firstOfferID() }) {
            ["hold", $0, "--no-wait"]
        }
        #expect(hold.error.contains("booking: the hold was not sent: " + Self.named), "\(hold.error)")
    }

    /// A cancellation of a trip booked earlier (on the embedded sandbox),
    /// sent to the untrusted server: not cancelled, and the certificate is
    /// why, not the network.
    @Test func aCancellationNamesTheCertificate() async throws {
        let (cancel, id) = try await Self.refused("cli-untrusted-cancel", made: { try await $0.holdAndPay() }) {
            ["cancel", $0]
        }
        #expect(
            cancel.error.contains("cannot cancel \(id): nothing was sent (" + Self.named), "\(cancel.error)")
        #expect(!cancel.error.contains("cannot be reached"), "\(cancel.error)")
    }

    /// What `made` makes on the embedded sandbox (an offer listed, a trip
    /// booked), handed over to the untrusted server, then the command
    /// `arguments` builds from it run there: it fails (exit 1) and never
    /// says offline. Returns the run and what was made.
    private static func refused(
        _ label: String, made: (Booking) async throws -> String, _ arguments: (String) -> [String]
    ) async throws -> (Booking.Run, String) {
        let server = try await OpenSSLServer.start(openssl: Self.openssl)
        let booking = Booking(label: label)
        let value = try await made(booking)
        try Self.handOver(booking, to: "https://127.0.0.1:\(server.port)")
        let run = try await booking.run(["--server", "https://127.0.0.1:\(server.port)"] + arguments(value))
        await server.stop()
        #expect(run.status == 1)
        #expect(!(run.output + run.error).lowercased().contains("offline"), "\(run.output)\(run.error)")
        return (run, value)
    }

    /// A device with no network at all meets a name with no address first
    /// (libcurl resolves before it connects): offers listed before are
    /// shown from the cache, as offline; with nothing cached the name is said.
    @Test func offersListedBeforeAreShownWhenTheNameHasNoAddress() async throws {
        let booking = Booking(label: "cli-no-address-cache")
        let listed = try await booking.firstOfferID()
        try Self.handOver(booking, to: "https://bk.invalid")
        let offers = try await booking.run([
            "--server", "https://bk.invalid", "offers", "--place", "plc_lisbon", "--check-in", Booking.date(20),
            "--check-out", Booking.date(22), "--guests", "2", "--refresh",
        ])
        #expect(offers.status == 0, "\(offers.output) \(offers.error)")
        #expect(offers.output.contains(listed), "\(offers.output)")
        let elsewhere = try await booking.run([
            "--server", "https://bk.invalid", "offers", "--place", "plc_porto", "--check-in", Booking.date(20),
            "--check-out", Booking.date(22), "--guests", "2",
        ])
        #expect(elsewhere.status == 1)
        #expect(elsewhere.error.contains("no address for bk.invalid"), "\(elsewhere.error)")
    }

    /// Makes what the embedded sandbox saved in `booking`'s data directory
    /// (offers, trips) the data of `server` and the demo account, as if
    /// it had come from there: its owner file rewritten. (A data directory
    /// shows one server's data to that server only.)
    private static func handOver(_ booking: Booking, to server: String) throws {
        let space = DataSpace(server: try ServerAddress(server).spaceName, apiKey: "sk_test_demo")
        try space.ownerText.write(toFile: booking.directory.file("data") + "/owner", atomically: true, encoding: .utf8)
    }

    /// A certificate file that is not there is named with its variable,
    /// before anything is sent.
    @Test func aCertificateFileThatIsNotThereIsNamed() async throws {
        let server = try await OpenSSLServer.start(openssl: Self.openssl)
        let booking = Booking(server: "https://127.0.0.1:\(server.port)", label: "cli-no-ca-file")
        let missing = booking.directory.file("no-such-ca.pem")
        let search = try await booking.run(["search", "Lisbon"], environment: ["SSL_CERT_FILE": missing])
        #expect(search.status == 1)
        #expect(
            search.error.contains(
                "cannot suggest places: the secure connection failed (SSL_CERT_FILE names \(missing), which does not exist)"
            ), "\(search.error)")
        await server.stop()
    }

    /// Proxy variables set to garbage are ignored: no proxy is used unless
    /// configured, so the embedded sandbox answers as ever.
    @Test func proxyVariablesSetToGarbageAreIgnored() async throws {
        let booking = Booking(label: "cli-garbage-proxy")
        let garbage = ["http_proxy": "garbage", "HTTP_PROXY": "garbage", "ALL_PROXY": "://x", "all_proxy": "://x"]
        let search = try await booking.run(["search", "Lisbon"], environment: garbage)
        #expect(search.status == 0, "\(search.error)")
        #expect(search.output.contains("plc_lisbon"), "\(search.output)")
    }

    /// A server name with no address is named; it is not the network
    /// being down. (`.invalid` never resolves, RFC 6761.)
    @Test func aServerNameWithNoAddressIsNamedNotOffline() async throws {
        let booking = Booking(server: "https://bk.invalid", label: "cli-no-address")
        let search = try await booking.run(["search", "Lisbon"])
        #expect(search.status == 1)
        #expect(search.error.contains("no address for bk.invalid"), "\(search.error)")
        let trips = try await booking.run(["trips"])
        #expect(trips.status == 0, "\(trips.error)")
        #expect(trips.output.contains("Not refreshed: no address for bk.invalid."), "\(trips.output)")
        for run in [search, trips] {
            #expect(!(run.output + run.error).lowercased().contains("offline"), "\(run.output)\(run.error)")
        }
    }
}
