/// A request path split into segments, each percent-decoded exactly once. The transport
/// hands over the path as sent (libmicrohttpd's own unescaping is switched off), so that
/// `a%2Fb` is one segment `a/b` and `%2500` stays the text `%00`.
///
/// Refused, with the reason: a path not starting with `/`, an empty segment (`//`), a `.` or
/// `..` segment, a malformed escape, a NUL or control character anywhere, and bytes that are
/// not UTF-8 once decoded.
struct PathSegments: Equatable {
    let segments: [String]

    init(_ path: String) throws(ServerError) {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "/") else { throw ServerError(.invalidPath, "the path must start with '/'") }
        var segments: [String] = []
        for raw in bytes.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard !raw.isEmpty else {
                throw ServerError(.invalidPath, "the path has an empty segment ('//' or a trailing '/')")
            }
            let decoded = try Self.percentDecoded(raw)
            guard decoded != ".", decoded != ".." else {
                throw ServerError(.invalidPath, "the path has a '.' or '..' segment")
            }
            segments.append(decoded)
        }
        self.segments = segments
    }

    /// One decoding of `%HH` escapes; the result must be UTF-8 without control characters.
    static func percentDecoded<Bytes: Collection<UInt8>>(_ raw: Bytes) throws(ServerError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var iterator = raw.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                throw ServerError(.invalidPath, "malformed percent escape")
            }
            out.append(high << 4 | low)
        }
        guard out.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) else {
            throw ServerError(.invalidPath, "NUL or control character (escaped or not)")
        }
        guard let text = String(validating: out, as: UTF8.self) else {
            throw ServerError(.invalidPath, "not UTF-8 once decoded")
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
