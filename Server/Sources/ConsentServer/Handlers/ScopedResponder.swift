/// What one listener serves when the admin API has a listener of its own: the public one
/// (the address Apple posts to) only `/v2/notifications` and `/healthz`; the admin one
/// everything else. Anything outside the scope is answered as if it did not exist.
struct ScopedResponder: HTTPResponder {
    enum Scope: Sendable {
        case publicOnly
        case adminOnly
    }

    let inner: ConsentResponder
    let scope: Scope

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        let route = Route(request)
        let isPublic = route == .notifications || route == .healthz
        if case .invalid = route {
            return inner.respond(to: request, reply: reply)  // refused with its own code on either
        }
        guard isPublic == (scope == .publicOnly) || route == .healthz else {
            let elsewhere =
                scope == .publicOnly
                ? "it serves POST /v2/notifications and GET /healthz; the admin API, /readyz and /metrics are on the admin listener"
                : "it serves the admin API under /v1/apps/{bundleId}/ and /v1/notifications/, GET /healthz, /readyz and /metrics; notifications go to the main listener"
            let refusal = ServerError(.notFound, "no route \(request.path) on this listener: \(elsewhere)")
            return reply(Reply.refusal(refusal).response)
        }
        inner.respond(to: request, reply: reply)
    }

    func transportRefused(_ refused: RefusedRequest) { inner.transportRefused(refused) }
}
