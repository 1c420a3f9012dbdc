/// One strict rule per identifier a request can carry. Each answer is the reason a value is
/// refused, or nil: an identifier is stored or looked up only in one canonical form.
enum Identifiers {
    /// Account ids are the backend's own: 1 to 256 visible ASCII characters (no space, no
    /// control character), so they print, log and compare as they were sent.
    static let maxAccountIdBytes = 256

    /// `8-4-4-4-12` hexadecimal digits, either case; the canonical form is the lowercase one.
    static func canonicalUUID(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        var canonical: [UInt8] = []
        canonical.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                canonical.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): canonical.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): canonical.append(byte | 0x20)
            default: return nil
            }
        }
        return String(decoding: canonical, as: UTF8.self)
    }

    /// Why `text` is not an account id, or nil when it is one.
    static func accountIdProblem(_ text: String) -> String? {
        let count = text.utf8.count
        if count == 0 { return "the account id is empty" }
        if count > maxAccountIdBytes { return "the account id is \(count) bytes; at most \(maxAccountIdBytes)" }
        if !text.utf8.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) {
            return "the account id may hold only visible ASCII characters (no space, control character or NUL)"
        }
        return nil
    }

    /// Why `text` is not a Google Play or Amazon install id, or nil: the same rule as an
    /// account id (the stores publish no format; an id is compared as it was sent).
    static func installIdProblem(_ text: String) -> String? {
        accountIdProblem(text).map { $0.replacingOccurrences(of: "account id", with: "install id") }
    }
}
