import BookingHTTPServer

/// An error answer: a status, a machine code, a message and the extras some
/// codes carry, sent as `{"error": {...}}`.
struct APIError: Error, Sendable {
    var status: Int
    var detail: ErrorDetail
    var headers: HTTPHeaders = [:]

    init(status: Int, code: String, message: String) {
        self.status = status
        self.detail = ErrorDetail(code: code, message: message)
    }

    static func validation(field: String, _ message: String) -> APIError {
        var error = APIError(status: 400, code: "VALIDATION_ERROR", message: message)
        error.detail.field = field
        return error
    }

    static func notFound(_ what: String) -> APIError {
        APIError(status: 404, code: "NOT_FOUND", message: "\(what) was not found.")
    }

    /// 409 `code`: the booking is not in the state the request needs; its
    /// state and version are sent along.
    static func wrongState(_ code: String, _ message: String, _ booking: BookingRecord) -> APIError {
        var error = APIError(status: 409, code: code, message: message)
        error.detail.state = booking.state
        error.detail.version = booking.version
        return error
    }

    /// The contract's `INTERNAL_ERROR`, named after its code.
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    static let internalError = APIError(
        status: 500, code: "INTERNAL_ERROR", message: "The sandbox failed to handle the request.")

    /// The response for this error.
    var response: HTTPResponse {
        var response = JSONResponse.make(status: status, ErrorEnvelope(error: detail))
        for (name, value) in headers { response.headers[name] = value }
        return response
    }
}
