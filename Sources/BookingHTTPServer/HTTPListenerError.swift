/// Why ``HTTPListener/start()`` failed.
public enum HTTPListenerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host is neither a numeric IPv4/IPv6 address nor `localhost`.
    case invalidHost(String)
    /// The host is not a loopback address and
    /// ``HTTPListener/Configuration/allowNonLoopback`` is off.
    case nonLoopbackHost(String)
    /// A limit or timeout of the configuration is zero or negative.
    case invalidConfiguration(String)
    /// `start()` was already called.
    case alreadyStarted
    /// The listener was shut down; make a new one.
    case shutDown
    /// Another socket holds the address.
    case addressInUse(host: String, port: UInt16)
    /// A system call failed with `errno`.
    case systemCallFailed(call: String, errno: Int32)

    /// A sentence for logs and the command line.
    public var description: String {
        switch self {
        case .invalidHost(let host):
            "Cannot listen on \"\(host)\": use a numeric IPv4 or IPv6 address or localhost."
        case .nonLoopbackHost(let host):
            "Refusing to listen on \(host): not a loopback address (set allowNonLoopback to allow it)."
        case .invalidConfiguration(let reason):
            "Invalid listener configuration: \(reason)."
        case .alreadyStarted:
            "The listener is already started."
        case .shutDown:
            "The listener was shut down; create a new one."
        case .addressInUse(let host, let port):
            "Address \(host) port \(port) is already in use."
        case .systemCallFailed(let call, let code):
            "\(call) failed: \(Platform.describe(error: code)) (errno \(code))."
        }
    }
}
