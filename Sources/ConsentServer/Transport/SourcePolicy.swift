#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The client addresses a listener accepts, as CIDR ranges (`17.0.0.0/8`, `2001:db8::/32`):
/// checked when a connection is accepted, before a byte of it is read. Empty accepts all.
public struct SourcePolicy: Sendable, Equatable {
    struct Range: Sendable, Equatable {
        let bytes: [UInt8]
        let prefix: Int
    }

    let ranges: [Range]

    public init(_ cidrs: [String]) throws(HTTPServerError) {
        ranges = try cidrs.map { (cidr: String) throws(HTTPServerError) -> Range in try Self.parse(cidr) }
    }

    public static let any = try! SourcePolicy([])

    var acceptsAll: Bool { ranges.isEmpty }

    /// True when `address` (a `sockaddr_in` or `sockaddr_in6`) lies in one of the ranges. An
    /// IPv4 client of an IPv6 listener arrives mapped (`::ffff:a.b.c.d`) and is compared as IPv4.
    func accepts(_ address: UnsafePointer<sockaddr>) -> Bool {
        guard !ranges.isEmpty else { return true }
        var bytes: [UInt8]
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            if bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] { bytes = Array(bytes.suffix(4)) }
        default:
            return false
        }
        return ranges.contains { range in range.bytes.count == bytes.count && Self.matches(bytes, range) }
    }

    private static func matches(_ bytes: [UInt8], _ range: Range) -> Bool {
        var left = range.prefix
        for (byte, expected) in zip(bytes, range.bytes) {
            guard left > 0 else { return true }
            let bits = min(8, left)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if byte & mask != expected & mask { return false }
            left -= bits
        }
        return true
    }

    private static func parse(_ cidr: String) throws(HTTPServerError) -> Range {
        let parts = cidr.split(separator: "/", omittingEmptySubsequences: false)
        let refused = HTTPServerError(
            code: "invalid_configuration", message: "allowedSources: '\(cidr)' is not an address range like 17.0.0.0/8")
        guard parts.count <= 2 else { throw refused }
        let host = String(parts[0])
        var v4 = in_addr()
        var v6 = in6_addr()
        let bytes: [UInt8]
        if inet_pton(AF_INET, host, &v4) == 1 {
            bytes = withUnsafeBytes(of: v4) { Array($0) }
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            bytes = withUnsafeBytes(of: v6) { Array($0) }
        } else {
            throw refused
        }
        let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
        guard let prefix, (0...(bytes.count * 8)).contains(prefix) else { throw refused }
        return Range(bytes: bytes, prefix: prefix)
    }
}
