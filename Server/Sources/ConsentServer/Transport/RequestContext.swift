/// One request's state between libmicrohttpd's calls to the access handler. It lives in the
/// connection's `req_cls` and is touched only on that connection's event thread; the part
/// other threads see is the `ReplySlot`.
final class RequestContext {
    enum Phase {
        /// Headers parsed, body arriving.
        case reading
        /// Handed to the responder; the connection is suspended until the reply.
        case awaitingReply
        /// A response is queued; nothing more to do.
        case answered
    }

    var phase = Phase.reading
    var request: HTTPRequest
    /// The body went past the limit while reading: answer 413 once the upload ends.
    var bodyTooLarge = false
    /// Bytes dropped after the limit was passed, to cut off a client that never stops.
    var discardedBytes = 0
    /// The body size at which its first bytes are next shown to the responder: only for a
    /// body larger than any Apple sends (see `MHDRequestHandling.earlyCheckBytes`).
    var nextBodyCheck = Int.max
    /// Its head accepted: counted in the hub's `inFlight` until completed.
    var counted = false
    /// The forwarded client whose slot this request holds (``AddressSlots``), given back
    /// when it completes.
    var heldSlot: [UInt8]?
    /// The head's fields as they were collected; its verdict comes after the last one.
    var head = HeadCheck()
    let slot: ReplySlot

    init(method: String, path: String, slot: ReplySlot) {
        self.request = HTTPRequest(method: method, path: path)
        self.slot = slot
    }
}
