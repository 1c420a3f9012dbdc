#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket address the server binds, parsed from a literal so that a typo can never make
/// the server listen somewhere the operator did not intend (no name resolution).
enum ListenAddress {
    case ipv4(sockaddr_in)
    case ipv6(sockaddr_in6)

    init(host: String, port: UInt16) throws(ServerError) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        var v4 = in_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = v4
            self = .ipv4(address)
            return
        }
        // Bracketed IPv6 literals come from URL-style "[::1]:8080" listen strings.
        var bare = literal
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = v6
            self = .ipv6(address)
            return
        }
        throw ServerError(
            .invalidAddress,
            "host \"\(host)\" is not an IPv4 or IPv6 address literal (or \"localhost\")")
    }

    var isIPv6: Bool {
        if case .ipv6 = self { return true }
        return false
    }

    /// `host:port` for messages, with IPv6 in brackets.
    static func display(host: String, port: UInt16) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Calls `body` with a pointer valid only during the call.
    func withSocketAddress<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
        switch self {
        case .ipv4(var address):
            return withUnsafeMutablePointer(to: &address) { body(UnsafeMutableRawPointer($0)) }
        case .ipv6(var address):
            return withUnsafeMutablePointer(to: &address) { body(UnsafeMutableRawPointer($0)) }
        }
    }
}
