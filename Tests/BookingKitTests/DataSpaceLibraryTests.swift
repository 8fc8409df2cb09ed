import BookingKit
import BookingTestSupport
import Foundation
import Testing

/// One data directory under two accounts, as an app where a second person
/// signs in: each account's trips, attempts and searches live apart (the
/// first account's at the top, the other's under `spaces/`), none is shown
/// to the other, and the first finds all of its own again. A real sandbox
/// over loopback, real SQLite files.
@Suite struct DataSpaceLibraryTests {
    @Test func anotherAccountOnTheSameDirectorySeesNoneOfTheFirstAccountsTrips() async throws {
        let first = try ClientFixture()
        let booked = try await first.holdFirstOfferAndPay(with: "tok_visa")
        let id = try #require(booked.tripToLoad)
        #expect(first.client.directory == first.sandbox.clientDirectory)
        first.client.close()

        var configuration = ClientFixture.configuration(sandbox: first.sandbox, account: "other")
        let other = try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        #expect(other.directory.hasPrefix(first.sandbox.clientDirectory + "/spaces/"))
        #expect(try await other.savedTrips().isEmpty)
        await #expect(throws: BookingClientError.self) { try await other.trip(id: id) }
        other.close()

        // The app names its users: the same key, two people, two spaces.
        configuration = ClientFixture.configuration(sandbox: first.sandbox)
        configuration.account = "user-2"
        let named = try BookingClient(configuration, dependencies: Dependencies(sleeper: NoSleeper()))
        #expect(try await named.savedTrips().isEmpty)
        named.close()

        let back = try ClientFixture.client(sandbox: first.sandbox)
        #expect(try await back.savedTrips().map(\.id) == [id])
        back.close()
    }
}
