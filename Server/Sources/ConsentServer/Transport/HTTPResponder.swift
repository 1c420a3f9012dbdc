/// What answers requests: pure handlers implement it, the transport and tests call it.
///
/// `reply` must be called exactly once, on any thread, either before `respond` returns
/// (the transport then answers without suspending the connection) or later. A reply that
/// never comes holds its connection (suspended connections do not time out) until the
/// server stops, which answers it with 503.
package protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void)

    /// The transport refused a request or a connection before any request reached
    /// `respond` (a framing, source or size rule, a deadline).
    func transportRefused(_ refused: RefusedRequest)

    /// For a large body still arriving: the code and message its first bytes already earn on
    /// `path`, or nil. The transport then closes the connection instead of reading the rest
    /// (libmicrohttpd answers only once the upload is complete), see `MHDRequestHandling`.
    func refusal(ofBodyPrefix prefix: [UInt8], path: String) -> (code: String, message: String)?
}

extension HTTPResponder {
    package func transportRefused(_ refused: RefusedRequest) {}

    package func refusal(ofBodyPrefix prefix: [UInt8], path: String) -> (code: String, message: String)? { nil }
}

/// What the transport knows of a request or connection it refused itself: enough for the
/// request log and the metrics, which every refusal reaches.
package struct RefusedRequest: Sendable, Equatable {
    package let code: String
    /// The status answered; nil when the connection was closed without an answer (a
    /// deadline, an eviction, a source refused at accept time).
    package let status: Int?
    /// The method and path as sent, when the head was read.
    package let method: String?
    package let path: String?

    package init(code: String, status: Int? = nil, method: String? = nil, path: String? = nil) {
        self.code = code
        self.status = status
        self.method = method
        self.path = path
    }
}

/// A refusal the transport answers itself, and the code it counts it under.
struct TransportRefusal: Sendable {
    let code: String
    let status: Int
    let response: HTTPResponse

    /// A JSON error with the status `Refusal` gives its code; `close` ends the connection after it.
    init(_ error: ServerError, close: Bool = false) {
        let refusal = Refusal(error)
        self.code = refusal.code
        self.status = refusal.status
        var response = Reply.refusal(refusal).response
        if close { response.headers.append((name: "Connection", value: "close")) }
        self.response = response
    }
}
