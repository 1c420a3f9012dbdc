/// What answers requests: pure handlers implement it, the transport and tests call it.
///
/// `reply` must be called exactly once, on any thread, either before `respond` returns
/// (the transport then answers without suspending the connection) or later. A reply that
/// never comes holds its connection (suspended connections do not time out) until the
/// server stops, which answers it with 503.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void)

    /// The transport refused a request or a connection before any request reached
    /// `respond` (a framing, source or size rule, a deadline), with the refusal's code.
    func transportRefused(code: String)
}

extension HTTPResponder {
    public func transportRefused(code: String) {}
}

/// A refusal the transport answers itself, and the code it counts it under.
struct TransportRefusal: Sendable {
    let code: String
    let response: HTTPResponse

    /// A JSON error; `close` ends the connection after it.
    init(_ status: Int, _ code: String, _ message: String, close: Bool = false) {
        self.code = code
        var response = HTTPResponse.jsonError(status: status, code: code, message: message)
        if close { response.headers.append((name: "Connection", value: "close")) }
        self.response = response
    }
}
