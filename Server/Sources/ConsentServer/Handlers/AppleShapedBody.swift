import AppStoreSignedData

/// Apple's exact body, `{"signedPayload":"<JWS>"}`, recognised without building anything:
/// its JWS is read where it lies in the body. Any other body is scanned by
/// ``NotificationBody``.
struct AppleShapedBody {
    private static let prefix = Array(#"{"signedPayload":""#.utf8)

    /// The bytes between the quotes, as they came: a slice of the body.
    let payload: ArraySlice<UInt8>
    /// How many of them, from the start, need no decoding (all, in Apple's JWS), and whether
    /// those hold a byte that is not ASCII.
    private let plain: (count: Int, nonASCII: Bool)

    /// Nil when `body` is not in Apple's exact shape.
    init?(_ body: [UInt8]) {
        guard body.count > Self.prefix.count + 2, body.starts(with: Self.prefix),
            body[body.count - 2] == UInt8(ascii: "\""), body[body.count - 1] == UInt8(ascii: "}")
        else { return nil }
        payload = body[Self.prefix.count..<(body.count - 2)]
        plain = JSONValue.plainPrefix(of: payload)
    }

    /// The JWS when nothing in it needs decoding: ``payload`` itself. Bytes that are not UTF-8
    /// reach the verifier repaired (U+FFFD), as they did when the JWS was made a `String`: its
    /// size limit counts them so.
    var jws: ArraySlice<UInt8>? {
        guard plain.count == payload.count else { return nil }
        return plain.nonASCII ? ArraySlice(String(decoding: payload, as: UTF8.self).utf8) : payload
    }

    /// True when the header segment (up to the first '.') needs no decoding: it is byte for
    /// byte the one the verifier reads, so looking it up among the refused headers here
    /// answers for the verifier too.
    var headerIsLiteral: Bool {
        plain.count == payload.count || payload.prefix(plain.count).contains(UInt8(ascii: "."))
    }
}
