// The testing product: the sandbox and the clients of an app's own tests.
@_exported import BookingSandbox
