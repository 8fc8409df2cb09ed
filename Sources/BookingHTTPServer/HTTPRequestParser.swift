import Foundation

/// An incremental, strict HTTP/1.1 request parser: pure, no I/O, so it can be
/// unit-tested and fuzzed on its own.
///
/// Feed it the bytes received so far that are not yet consumed; it answers
/// ``Outcome/needMore``, a complete request and how many bytes it took, or the
/// error to answer. After a request, drop `consumed` bytes from the front of
/// the buffer and call `parse` again with what is left (pipelined requests).
/// The parser remembers how far it has looked, so a buffer that grows a byte
/// at a time is not rescanned from the start; give it the same buffer, grown,
/// until it returns a request or an error (a shorter buffer resets it).
///
/// What it accepts: a request line `method SP target SP HTTP/1.x CRLF` (one
/// leading empty line is ignored, RFC 9112 section 2.2), origin-form,
/// absolute-form (rewritten to origin-form, its authority kept in
/// `HTTPRequest.absoluteFormAuthority`) and `OPTIONS *` targets, header
/// lines `name: value CRLF` with CRLF line endings only, and bodies framed by
/// `Content-Length` only. HTTP/1.1 requests need exactly one `Host`. Any
/// `Transfer-Encoding` is refused with 501.
public struct HTTPRequestParser: Sendable {
    /// The result of one call to ``parse(_:)``.
    public enum Outcome: Sendable, Equatable {
        /// The buffer holds no complete request yet and no error so far.
        case needMore
        /// A complete request, which took the first `consumed` bytes.
        case request(HTTPRequest, consumed: Int)
        /// The bytes are not an acceptable request; answer with the error's
        /// status and close the connection.
        case error(HTTPParseError)
    }

    /// The longest request line accepted, CRLF excluded (414 beyond).
    public var maxRequestLineBytes: Int
    /// The largest header section accepted, from after the request line to
    /// the empty line, CRLFs included (431 beyond).
    public var maxHeaderBytes: Int
    /// The largest `Content-Length` accepted (413 beyond).
    public var maxBodyBytes: Int

    /// The protocol version of the last request returned.
    public private(set) var lastRequestVersion: HTTPVersion = .http1_1

    /// Whether the head of the current request has been parsed, its body is
    /// still incomplete, and the client asked `Expect: 100-continue`: the
    /// listener then sends `100 Continue` once.
    public var expectsContinue: Bool {
        if case .body(let head) = phase { head.expectsContinue } else { false }
    }

    private var phase = Phase.requestLine(searchFrom: 0)

    /// Creates a parser with the given limits.
    public init(maxRequestLineBytes: Int = 8_192, maxHeaderBytes: Int = 32_768, maxBodyBytes: Int = 1_048_576) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Forgets any partly parsed request.
    public mutating func reset() {
        phase = .requestLine(searchFrom: 0)
    }

    /// Parses as much of `buffer` as it can; see the type's documentation.
    public mutating func parse(_ buffer: [UInt8]) -> Outcome {
        if phase.furthestOffset > buffer.count { reset() }
        let outcome = step(buffer)
        if case .needMore = outcome { return outcome }
        reset()
        return outcome
    }

    private mutating func step(_ buffer: [UInt8]) -> Outcome {
        while true {
            switch phase {
            case .requestLine(let searchFrom):
                switch parseRequestLine(buffer, searchFrom: searchFrom) {
                case .needMore(let next):
                    phase = .requestLine(searchFrom: next)
                    return .needMore
                case .failure(let error):
                    return .error(error)
                case .success(let line):
                    phase = .headers(line, HTTPHeaders(), lineStart: line.headersStart, searchFrom: line.headersStart)
                }
            case .headers(let line, var headers, var lineStart, let searchFrom):
                var from = searchFrom
                lines: while true {
                    guard let lf = Self.index(of: HTTPSyntax.lf, in: buffer, from: from) else {
                        if buffer.count - line.headersStart > maxHeaderBytes { return .error(.headersTooLarge) }
                        phase = .headers(line, headers, lineStart: lineStart, searchFrom: buffer.count)
                        return .needMore
                    }
                    if lf + 1 - line.headersStart > maxHeaderBytes { return .error(.headersTooLarge) }
                    guard lf > lineStart, buffer[lf - 1] == HTTPSyntax.cr else { return .error(.malformedHeader) }
                    if lf - 1 == lineStart {
                        switch makeHead(line, headers, bodyStart: lf + 1) {
                        case .failure(let error): return .error(error)
                        case .success(let head): phase = .body(head)
                        }
                        break lines
                    }
                    guard let field = Self.parseField(buffer[lineStart..<(lf - 1)]) else {
                        return .error(.malformedHeader)
                    }
                    headers.add(name: field.name, value: field.value)
                    lineStart = lf + 1
                    from = lf + 1
                }
            case .body(let head):
                let end = head.bodyStart + head.contentLength
                guard buffer.count >= end else { return .needMore }
                lastRequestVersion = head.line.version
                let request = HTTPRequest(
                    method: head.line.method,
                    target: head.line.target,
                    headers: head.headers,
                    body: Data(buffer[head.bodyStart..<end]),
                    absoluteFormAuthority: head.line.authority
                )
                return .request(request, consumed: end)
            }
        }
    }
}

// MARK: - Request line

extension HTTPRequestParser {
    private enum Step<Value> {
        case needMore(searchFrom: Int)
        case failure(HTTPParseError)
        case success(Value)
    }

    private func parseRequestLine(_ buffer: [UInt8], searchFrom: Int) -> Step<RequestLine> {
        // One empty line before the request line is ignored (RFC 9112 2.2).
        var lineStart = 0
        if buffer.first == HTTPSyntax.cr {
            guard buffer.count >= 2 else { return .needMore(searchFrom: 0) }
            if buffer[1] == HTTPSyntax.lf { lineStart = 2 }
        }
        guard lineStart < buffer.count else { return .needMore(searchFrom: 0) }
        // Fail fast on what cannot be HTTP (a TLS handshake, binary noise).
        guard HTTPSyntax.isTokenCharacter(buffer[lineStart]) else { return .failure(.malformedRequestLine) }
        let limitEnd = min(buffer.count, lineStart + maxRequestLineBytes + 2)
        guard let lf = Self.index(of: HTTPSyntax.lf, in: buffer, from: max(searchFrom, lineStart), below: limitEnd)
        else {
            if buffer.count >= limitEnd && limitEnd == lineStart + maxRequestLineBytes + 2 {
                return .failure(.requestLineTooLong)
            }
            return .needMore(searchFrom: buffer.count)
        }
        guard buffer[lf - 1] == HTTPSyntax.cr else { return .failure(.malformedRequestLine) }
        let lineEnd = lf - 1
        if lineEnd - lineStart > maxRequestLineBytes { return .failure(.requestLineTooLong) }
        let line = buffer[lineStart..<lineEnd]

        guard let firstSpace = line.firstIndex(of: HTTPSyntax.space),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: HTTPSyntax.space)
        else { return .failure(.malformedRequestLine) }
        let methodBytes = line[lineStart..<firstSpace]
        let targetBytes = line[(firstSpace + 1)..<secondSpace]
        let versionBytes = line[(secondSpace + 1)...]
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(HTTPSyntax.isTokenCharacter),
            !targetBytes.isEmpty, targetBytes.allSatisfy(HTTPSyntax.isTargetCharacter)
        else { return .failure(.malformedRequestLine) }
        let version: HTTPVersion
        switch Self.parseVersion(versionBytes) {
        case .failure(let error): return .failure(error)
        case .success(let parsed): version = parsed
        case .needMore: return .failure(.malformedRequestLine)
        }
        let method = String(decoding: methodBytes, as: UTF8.self)
        guard let form = Self.originForm(String(decoding: targetBytes, as: UTF8.self), method: method) else {
            return .failure(.malformedRequestLine)
        }
        return .success(
            RequestLine(
                method: method, target: form.target, authority: form.authority, version: version,
                headersStart: lf + 1))
    }

    /// `HTTP/1.x`; another major version is 505, anything else 400. A minor
    /// version above 1 is served as HTTP/1.1 (RFC 9110 section 6.2).
    private static func parseVersion(_ bytes: ArraySlice<UInt8>) -> Step<HTTPVersion> {
        let prefix = Array("HTTP/".utf8)
        guard bytes.count == 8, bytes.prefix(5).elementsEqual(prefix) else { return .failure(.malformedRequestLine) }
        let start = bytes.startIndex
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard digits.contains(bytes[start + 5]), bytes[start + 6] == UInt8(ascii: "."),
            digits.contains(bytes[start + 7])
        else { return .failure(.malformedRequestLine) }
        let major = Int(bytes[start + 5] - UInt8(ascii: "0"))
        let minor = Int(bytes[start + 7] - UInt8(ascii: "0"))
        guard major == 1 else { return .failure(.versionNotSupported) }
        return .success(minor == 0 ? .http1_0 : .http1_1)
    }

    /// The target in origin-form (`/path?query`): origin-form as is,
    /// absolute-form (`http://host/path`) reduced to its path and query with
    /// its authority (`host[:port]`, which must be there and hold no user
    /// information), `*` for OPTIONS only; `nil` for anything else.
    static func originForm(_ target: String, method: String) -> (target: String, authority: String?)? {
        if target.hasPrefix("/") { return (target, nil) }
        if target == "*" { return method == "OPTIONS" ? (target, nil) : nil }
        let lowered = target.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            let pathStart = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            let authority = rest[..<pathStart]
            guard !authority.isEmpty, !authority.contains("@") else { return nil }
            let pathAndQuery = rest[pathStart...]
            return (pathAndQuery.hasPrefix("/") ? String(pathAndQuery) : "/" + pathAndQuery, String(authority))
        }
        return nil
    }
}

// MARK: - Header fields

extension HTTPRequestParser {
    /// `name ":" OWS value OWS`, or `nil` when malformed.
    private static func parseField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: HTTPSyntax.colon) else { return nil }
        let name = line[line.startIndex..<colon]
        // Also refuses obsolete line folding (a line starting with SP or HTAB)
        // and whitespace between the name and the colon.
        guard !name.isEmpty, name.allSatisfy(HTTPSyntax.isTokenCharacter) else { return nil }
        var value = line[(colon + 1)...]
        while let first = value.first, first == HTTPSyntax.space || first == HTTPSyntax.tab { value.removeFirst() }
        while let last = value.last, last == HTTPSyntax.space || last == HTTPSyntax.tab { value.removeLast() }
        guard value.allSatisfy(HTTPSyntax.isFieldValueCharacter) else { return nil }
        let text = String(bytes: value, encoding: .utf8) ?? String(bytes: value, encoding: .isoLatin1) ?? ""
        return (String(decoding: name, as: UTF8.self), text)
    }

    /// Checks the head as a whole: Host, Transfer-Encoding, Content-Length.
    private func makeHead(
        _ line: RequestLine, _ headers: HTTPHeaders, bodyStart: Int
    ) -> Swift.Result<Head, HTTPParseError> {
        var hostCount = 0
        var lengths: [String] = []
        var expectsContinue = false
        for field in headers {
            switch field.name.lowercased() {
            case "host": hostCount += 1
            case "transfer-encoding": return .failure(.transferEncodingNotSupported)
            case "content-length": lengths.append(field.value)
            case "expect": expectsContinue = field.value.lowercased() == "100-continue"
            default: break
            }
        }
        if hostCount > 1 || (hostCount == 0 && line.version == .http1_1) { return .failure(.invalidHost) }
        var contentLength = 0
        var normalized: String?
        for text in lengths {
            let digits = Array(text.utf8)
            guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return .failure(.invalidContentLength) }
            let significant = String(decoding: digits.drop { $0 == UInt8(ascii: "0") }, as: UTF8.self)
            if let normalized, normalized != significant { return .failure(.invalidContentLength) }
            normalized = significant
        }
        if let normalized {
            // More than 15 significant digits is beyond any limit; do not overflow.
            guard normalized.utf8.count <= 15, let value = Int(normalized.isEmpty ? "0" : normalized),
                value <= maxBodyBytes
            else { return .failure(.bodyTooLarge) }
            contentLength = value
        }
        return .success(
            Head(
                line: line,
                headers: headers,
                bodyStart: bodyStart,
                contentLength: contentLength,
                expectsContinue: expectsContinue && contentLength > 0
            ))
    }
}

// MARK: - State

extension HTTPRequestParser {
    private struct RequestLine: Sendable {
        var method: String
        var target: String
        var authority: String?
        var version: HTTPVersion
        var headersStart: Int
    }

    private struct Head: Sendable {
        var line: RequestLine
        var headers: HTTPHeaders
        var bodyStart: Int
        var contentLength: Int
        var expectsContinue: Bool
    }

    private enum Phase: Sendable {
        case requestLine(searchFrom: Int)
        case headers(RequestLine, HTTPHeaders, lineStart: Int, searchFrom: Int)
        case body(Head)

        /// The furthest buffer offset this state relies on having seen.
        var furthestOffset: Int {
            switch self {
            case .requestLine(let searchFrom): searchFrom
            case .headers(_, _, _, let searchFrom): searchFrom
            case .body(let head): head.bodyStart
            }
        }
    }

    private static func index(of byte: UInt8, in buffer: [UInt8], from start: Int, below end: Int? = nil) -> Int? {
        let end = end ?? buffer.count
        guard start < end else { return nil }
        return buffer[start..<end].firstIndex(of: byte)
    }
}
