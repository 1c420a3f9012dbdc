/// What answers requests: pure handlers implement it, the transport and tests call it.
///
/// `reply` must be called exactly once, on any thread, either before `respond` returns
/// (the transport then answers without suspending the connection) or later.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void)
}
