/// What libmicrohttpd 0.9.75 (Debian 12) lets through in a request head and this server
/// refuses: a header name that is not a token (`Content-Length : 5` is read as another field,
/// and the body as a second request), a NUL, CR or LF inside a value (`X: a\rContent-Length: 5`
/// hides a field; `Bearer TOKEN\0junk` is read as `Bearer TOKEN` by C strings), an
/// HTTP/1.1 head without exactly one Host, and a Host that is empty or not an authority. Fed each field as libmicrohttpd reports it, with
/// the length it reports; the verdict comes once the head is complete.
struct HeadCheck {
    private(set) var fault: String?
    private var hosts = 0

    /// The URL as libmicrohttpd reported it was not all the client sent (a NUL cut it).
    mutating func urlCut() {
        if fault == nil { fault = "the request line holds a NUL byte" }
    }

    /// A header line was folded onto the one before (obsolete line folding) or had an empty
    /// name: libmicrohttpd merged or dropped it, and what it reports is not what was sent.
    mutating func linesFoldedOrDropped() {
        if fault == nil { fault = "a header line is folded onto the one before or has an empty name" }
    }

    /// `whole` is false when a NUL the client sent cut the value short, or its line did not
    /// end with CRLF (what the transport can tell apart from a cut).
    mutating func field(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, whole: Bool = true) {
        guard fault == nil else { return }
        if !whole {
            fault = "a header line holds a NUL byte or does not end with CRLF"
        } else if name.isEmpty || !name.allSatisfy(Self.isTokenByte) {
            fault = "a header name holds a character other than a token's"
        } else if value.contains(where: { $0 == 0 || $0 == 0x0D || $0 == 0x0A }) {
            fault = "a header value holds a NUL, CR or LF byte"
        } else if Self.isHost(name) {
            hosts += 1
            if !Self.isAuthority(value) { fault = "the Host field is empty or not a host and port" }
        }
    }

    /// The refusal for this head, or nil when it is clean.
    func refusal(version: String) -> TransportRefusal? {
        if let fault { return Self.refuse(fault) }
        if version == "HTTP/1.1" && hosts != 1 {
            return Self.refuse(
                hosts == 0 ? "a request of version 1.1 needs a Host field" : "the head holds Host more than once")
        }
        return nil
    }

    private static func refuse(_ message: String) -> TransportRefusal {
        TransportRefusal(ServerError(.malformedHead, message), close: true)
    }

    /// RFC 9110's tchar: letters, digits and !#$%&'*+-.^_`|~.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// RFC 3986's authority as Host carries it: a host name or address and an optional port,
    /// never empty (RFC 9110 §4.2.1: an http URI with an empty host is invalid), never a space.
    private static func isAuthority(_ value: UnsafeRawBufferPointer) -> Bool {
        !value.isEmpty
            && value.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default:
                    Array("-._~%!$&'()*+,;=:[]".utf8).contains(byte)
                }
            }
    }

    private static func isHost(_ name: UnsafeRawBufferPointer) -> Bool {
        name.count == 4 && name.elementsEqual("host".utf8) { $0 | 0x20 == $1 }
    }
}
