/// What answers requests: pure handlers implement it, the transport and tests call it.
///
/// `reply` must be called exactly once, on any thread, either before `respond` returns
/// (the transport then answers without suspending the connection) or later. A reply that
/// never comes holds its connection (suspended connections do not time out) until the
/// server stops, which answers it with 503.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void)
}
