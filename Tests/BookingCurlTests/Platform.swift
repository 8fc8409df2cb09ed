// Every platform difference of these tests, in one place: the socket
// constants of the scripted server.
import Foundation

enum Platform {
    /// `SOCK_STREAM` as `socket(2)` takes it.
    static var streamSocket: Int32 {
        #if os(Linux)
        return Int32(SOCK_STREAM.rawValue)
        #else
        return SOCK_STREAM
        #endif
    }

    /// `send(2)`'s flags that keep a write to a closed peer from raising
    /// SIGPIPE (on Apple platforms the socket carries `SO_NOSIGPIPE` instead).
    static var noSignal: Int32 {
        #if os(Linux)
        return Int32(MSG_NOSIGNAL)
        #else
        return 0
        #endif
    }

    /// Sets what a socket needs before it is used (Apple platforms: no SIGPIPE).
    static func prepare(_ descriptor: Int32) {
        #if !os(Linux)
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Both directions of a socket, for `shutdown(2)`.
    static var bothDirections: Int32 {
        #if os(Linux)
        return Int32(SHUT_RDWR)
        #else
        return SHUT_RDWR
        #endif
    }
}
