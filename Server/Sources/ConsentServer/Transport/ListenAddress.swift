/// The address the server binds, parsed from a literal so that a typo can never make the
/// server listen somewhere the operator did not intend (no name resolution). A value: the
/// platform file makes the socket address of it.
struct ListenAddress: Sendable, Equatable {
    /// 4 bytes for IPv4, 16 for IPv6.
    let bytes: [UInt8]
    let port: UInt16

    init(host: String, port: UInt16) throws(ServerError) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        // Bracketed IPv6 literals come from URL-style "[::1]:8080" listen strings.
        var bare = literal
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        guard let bytes = Platform.addressBytes(literal) ?? Platform.addressBytes(bare) else {
            throw ServerError(
                .invalidAddress,
                "host \"\(host)\" is not an IPv4 or IPv6 address literal (or \"localhost\")")
        }
        self.bytes = bytes
        self.port = port
    }

    var isIPv6: Bool { bytes.count == 16 }

    /// `host:port` for messages, with IPv6 in brackets.
    static func display(host: String, port: UInt16) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
