extension HTTPResponse {
    /// How the listener finishes the exchange.
    public enum Disposition: Sendable, Equatable {
        /// Write the response.
        case answer
        /// Close the connection with no bytes written: the client sees the
        /// answer lost after the server did its work.
        case dropConnection
    }
}
