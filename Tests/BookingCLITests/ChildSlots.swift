/// At most a few `booking` runs at once, children and in-process runs
/// (`InProcess`) alike, so the CLI suite leaves CPU to the timing-sensitive
/// suites running beside it on small machines.
actor ChildSlots {
    static let shared = ChildSlots(count: 3)

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) {
        free = count
    }

    /// Runs `work` once a slot is free.
    static func run<T: Sendable>(_ work: @Sendable () async throws -> T) async rethrows -> T {
        await shared.acquire()
        do {
            let value = try await work()
            await shared.release()
            return value
        } catch {
            await shared.release()
            throw error
        }
    }

    private func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
