import BookingCore
import BookingSQLite
import BookingStore
import Foundation

// A child process for the store's cross-process tests. Not shipped.
//
//   store-probe insert-and-wait DIR ATTEMPT_ID   insert one attempt, print "inserted", wait to be killed
//   store-probe lock-exclusive FILE              BEGIN EXCLUSIVE, print "locked", hold until stdin closes

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("store-probe: \(message)\n".utf8))
    exit(1)
}

/// Writes a line to stdout at once (unbuffered), so the parent sees it
/// before any kill.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "insert-and-wait" where arguments.count == 3:
    do {
        let store = try BookingDatabase(directory: arguments[1])
        let id = arguments[2]
        try store.attempts.insert(
            SavedAttempt(
                attempt: BookingFlow.Attempt(
                    id: AttemptID(id), key: IdempotencyKey("key-\(id)"), offerID: OfferID("offer-1"),
                    quoteID: QuoteID("quote-1")),
                createdAt: Date()))
        say("inserted \(id)")
        // check-no-sleep: allowed (a child process that must stay alive until the test kills it)
        while true { sleep(60) }
    } catch {
        fail("\(error)")
    }
case "lock-exclusive" where arguments.count == 2:
    do {
        let database = try Database(path: arguments[1])
        try database.execute("BEGIN EXCLUSIVE")
        say("locked")
        _ = FileHandle.standardInput.readDataToEndOfFile()
        try database.execute("COMMIT")
    } catch {
        fail("\(error)")
    }
default:
    fail("usage: store-probe insert-and-wait DIR ID | lock-exclusive FILE")
}
