import BookingPrimitives
import Dispatch

/// One accepted connection, served on its own thread: read, parse, call the
/// handler, write, in order, until the connection ends.
struct HTTPConnection {
    private let socket: ConnectionSocket
    private let id: Int
    private let registry: ConnectionRegistry
    private let configuration: HTTPListener.Configuration
    private let handler: any HTTPHandler
    private var parser: HTTPRequestParser
    private var buffer: [UInt8] = []

    /// How long a closing connection keeps reading what the client still
    /// sends, so that the last answer is not lost to a reset.
    static let lingerLimit: Duration = .seconds(1)

    init(
        fd: Int32, id: Int, registry: ConnectionRegistry, configuration: HTTPListener.Configuration,
        handler: any HTTPHandler
    ) {
        self.socket = ConnectionSocket(fd: fd, wakeDescriptor: registry.wakeDescriptor)
        self.id = id
        self.registry = registry
        self.configuration = configuration
        self.handler = handler
        self.parser = configuration.parser
    }

    /// Serves requests until the connection ends, then closes it.
    mutating func run() {
        defer { registry.unregister(id) }
        var waitingSince = ContinuousClock.now
        var requestStart: ContinuousClock.Instant?
        var isFirstRequest = true
        var sentContinue = false
        var stopSeen = false
        while true {
            switch parser.parse(buffer) {
            case .request(let request, let consumed):
                buffer.removeFirst(consumed)
                // Do not keep a large body's capacity on an idle connection.
                if buffer.isEmpty && buffer.capacity > 4 * ConnectionSocket.readChunk { buffer = [] }
                isFirstRequest = false
                sentContinue = false
                guard answer(request) else { return }
                requestStart = buffer.isEmpty ? nil : ContinuousClock.now
                waitingSince = ContinuousClock.now
            case .error(let error):
                close(answering: error.response)
                return
            case .needMore:
                if parser.expectsContinue && !sentContinue {
                    sentContinue = true
                    guard socket.write(HTTPResponseSerializer.continueResponse, until: writeDeadline()) else { return }
                }
                if buffer.isEmpty && (stopSeen || registry.isStopping) { return }
                let deadline =
                    requestStart.map { $0 + configuration.readTimeout }
                    ?? waitingSince + (isFirstRequest ? configuration.readTimeout : configuration.idleTimeout)
                switch socket.waitReadable(until: deadline, watchingWake: !stopSeen) {
                case .ready:
                    switch socket.read(appendingTo: &buffer) {
                    case .received: if requestStart == nil { requestStart = ContinuousClock.now }
                    case .wouldBlock: continue
                    case .endOfStream, .failed: return
                    }
                case .woken:
                    // Stopping: an idle connection closes now; a request
                    // halfway in may still arrive, within its read timeout.
                    stopSeen = true
                case .timedOut:
                    if requestStart != nil {
                        close(
                            answering: .jsonError(
                                status: 408, code: "REQUEST_TIMEOUT",
                                message: "The request did not arrive in time."))
                    }
                    return
                case .failed:
                    return
                }
            }
        }
    }

    /// Calls the handler and writes its response; `false` when the
    /// connection is to end (dropped, closing, or the write failed).
    private func answer(_ request: HTTPRequest) -> Bool {
        let response = call(request)
        if response.disposition == .dropConnection {
            socket.abort()
            return false
        }
        let keepAlive =
            Self.wantsKeepAlive(request, version: parser.lastRequestVersion, response: response)
            && !registry.isStopping
        let bytes = HTTPResponseSerializer.serialize(
            response, keepAlive: keepAlive, isHeadResponse: request.method == "HEAD")
        guard socket.write(bytes, until: writeDeadline()) else { return false }
        if !keepAlive { socket.lingeringClose(limit: Self.lingerLimit) }
        return keepAlive
    }

    /// Runs the async handler and waits for it on this thread (a connection
    /// thread, never one of the concurrency pool's). Where task executors
    /// exist, this thread runs the handler itself (`ConnectionExecutor`).
    private func call(_ request: HTTPRequest) -> HTTPResponse {
        let result = Locked<HTTPResponse?>(nil)
        let handler = self.handler
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            let executor = ConnectionExecutor()
            Task(executorPreference: executor) {
                let response = await handler.handle(request)
                result.withLock { $0 = response }
                executor.finish()
            }
            executor.runUntilFinished()
        } else {
            let done = DispatchSemaphore(value: 0)
            Task {
                let response = await handler.handle(request)
                result.withLock { $0 = response }
                done.signal()
            }
            done.wait()
        }
        return result.withLock { $0 }
            ?? .jsonError(status: 500, code: "INTERNAL_ERROR", message: "The handler gave no response.")
    }

    private func close(answering response: HTTPResponse) {
        if socket.write(HTTPResponseSerializer.serialize(response, keepAlive: false), until: writeDeadline()) {
            socket.lingeringClose(limit: Self.lingerLimit)
        }
    }

    private func writeDeadline() -> ContinuousClock.Instant {
        ContinuousClock.now + configuration.writeTimeout
    }

    /// HTTP/1.1 stays open unless either side says `Connection: close`;
    /// HTTP/1.0 closes unless the client asked `Connection: keep-alive`.
    static func wantsKeepAlive(_ request: HTTPRequest, version: HTTPVersion, response: HTTPResponse) -> Bool {
        let requestTokens = request.headers.filter { $0.name.lowercased() == "connection" }.map(\.value)
        if response.headers.contains(where: {
            $0.name.lowercased() == "connection" && HTTPSyntax.list($0.value, contains: "close")
        }) {
            return false
        }
        if requestTokens.contains(where: { HTTPSyntax.list($0, contains: "close") }) { return false }
        if version == .http1_0 { return requestTokens.contains { HTTPSyntax.list($0, contains: "keep-alive") } }
        return true
    }
}
