/// The client addresses a listener accepts, as CIDR ranges (`17.0.0.0/8`, `2001:db8::/32`):
/// checked when a connection is accepted, before a byte of it is read. Empty accepts all.
///
/// Trusted proxies are accepted too, and the client of each request they forward is read
/// from `X-Forwarded-For` (with or without ranges): the last address in it that is not itself a trusted proxy (each
/// proxy appends the address it saw; anything to the left of the first one it did not add is
/// the client's own writing). A direct client's header is never read.
package struct SourcePolicy: Sendable, Equatable {
    struct Range: Sendable, Equatable {
        let bytes: [UInt8]
        let prefix: Int
    }

    let ranges: [Range]
    let proxies: [Range]
    /// The ranges as configured, for the startup summary.
    package let cidrs: [String]
    package let trustedProxies: [String]

    /// Parsed once, when the configuration is read; a range that does not parse is refused
    /// naming its field.
    package init(_ cidrs: [String], trustedProxies: [String] = []) throws(ServerError) {
        self.cidrs = cidrs
        self.trustedProxies = trustedProxies
        ranges = try cidrs.map { (cidr: String) throws(ServerError) -> Range in
            try Self.parse(cidr, field: "allowedSources")
        }
        proxies = try trustedProxies.map { (cidr: String) throws(ServerError) -> Range in
            try Self.parse(cidr, field: "trustedProxies")
        }
    }

    package static let any = try! SourcePolicy([])

    var acceptsAll: Bool { ranges.isEmpty }

    var hasTrustedProxies: Bool { !proxies.isEmpty }

    /// Whether requests from some connections name their client in `X-Forwarded-For`: with
    /// trusted proxies, whether or not `allowedSources` limits the clients, so that Apple's
    /// lane and the per-address limits see the client rather than the proxy.
    var readsForwardedFor: Bool { !proxies.isEmpty }

    /// True when a connection from `address` (its bytes as accepted, see ``clientBytes(_:)``;
    /// nil for a family that is not IP) is accepted: it lies in one of the ranges or is a
    /// trusted proxy.
    func accepts(_ address: [UInt8]?) -> Bool {
        guard !ranges.isEmpty else { return true }
        guard let address else { return false }
        return Self.contains(ranges, address) || Self.contains(proxies, address)
    }

    func isTrustedProxy(_ address: [UInt8]) -> Bool {
        !proxies.isEmpty && Self.contains(proxies, address)
    }

    /// What a request's source is once its head is in.
    enum ForwardedVerdict: Equatable {
        /// Served as the connection's own: a direct client, or a trusted proxy probing `/healthz`.
        case direct
        /// Forwarded by a trusted proxy for this client, whose budgets and limits it takes.
        case client([UInt8])
        /// Refused (403, the connection closed).
        case refused(ServerError)
    }

    /// The source of a request that came on a connection from `peer` (its address bytes,
    /// empty when unknown) with `forwardedFor` (the `X-Forwarded-For` field, repeats joined by
    /// ", ") for `path`. A direct client's header is never read; without the header, a trusted
    /// proxy's request is its own, allowed only to probe `/healthz`.
    func source(peer: [UInt8], forwardedFor: String?, path: String) -> ForwardedVerdict {
        guard readsForwardedFor, isTrustedProxy(peer) else { return .direct }
        if forwardedFor == nil && path == "/healthz" { return .direct }
        switch forwardedClient(forwardedFor) {
        case .success(let client): return .client(client)
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// Why a request a trusted proxy forwarded is refused, or nil when its client is allowed.
    /// `forwardedFor`: the `X-Forwarded-For` field, repeats joined by ", ".
    func refusal(forwardedFor: String?) -> (code: String, message: String)? {
        switch forwardedClient(forwardedFor) {
        case .failure(let refusal): (refusal.code.rawValue, refusal.reason)
        case .success: nil
        }
    }

    /// The client a trusted proxy forwarded a request for: its address bytes, or why none is.
    func forwardedClient(_ forwardedFor: String?) -> Result<[UInt8], ServerError> {
        guard let forwardedFor else {
            return .failure(
                ServerError(
                    .forwardedForMissing,
                    "a request through a trusted proxy must carry X-Forwarded-For"))
        }
        // Split on the commas themselves, not on characters: a comma after a prepending mark
        // (U+0600) is one character with it, and would join the client's text to the next hop.
        let entries = forwardedFor.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false)
            .map(Substring.init)
        for (index, entry) in entries.enumerated().reversed() {
            let text = Self.trimmed(entry)
            guard let bytes = Self.bytes(ofForwarded: text) else {
                return .failure(
                    ServerError(
                        .forwardedForInvalid,
                        "X-Forwarded-For holds '\(text.prefix(64))', not an IP address"))
            }
            // A proxy of ours passed it on: the client is further left (the first entry, even a
            // proxy's, is the last word).
            if index > 0 && Self.contains(proxies, bytes) { continue }
            guard ranges.isEmpty || Self.contains(ranges, bytes) else {
                return .failure(
                    ServerError(
                        .sourceNotAllowed, "the forwarded client \(text) is not in allowedSources"))
            }
            return .success(bytes)
        }
        return .failure(ServerError(.forwardedForInvalid, "X-Forwarded-For is empty"))
    }

    /// A connection's address bytes as the rules compare them: an IPv4 client of an IPv6
    /// listener arrives mapped (`::ffff:a.b.c.d`) and is compared as IPv4.
    static func clientBytes(_ socketAddressBytes: [UInt8]?) -> [UInt8]? {
        socketAddressBytes.map(unmapped)
    }

    /// An address as proxies write it: `a.b.c.d`, `a.b.c.d:port`, an IPv6 address, or one in
    /// brackets with or without a port.
    private static func bytes(ofForwarded text: Substring) -> [UInt8]? {
        var host = text
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            host = host[host.index(after: host.startIndex)..<close]
        } else if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            host = host[..<colon]
        }
        return address(String(host)).map(unmapped)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    private static func unmapped(_ bytes: [UInt8]) -> [UInt8] {
        bytes.count == 16 && bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
            ? Array(bytes.suffix(4)) : bytes
    }

    private static func address(_ host: String) -> [UInt8]? { Platform.addressBytes(host) }

    static func contains(_ ranges: [Range], _ bytes: [UInt8]) -> Bool {
        ranges.contains { range in range.bytes.count == bytes.count && matches(bytes, range) }
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

    static func parse(_ cidr: String, field: String) throws(ServerError) -> Range {
        let parts = cidr.split(separator: "/", omittingEmptySubsequences: false)
        let refused = ServerError(
            .invalidConfiguration, "\(field): '\(cidr)' is not an address range like 17.0.0.0/8")
        guard parts.count <= 2, let bytes = address(String(parts[0])) else { throw refused }
        let prefix = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
        guard let prefix, (0...(bytes.count * 8)).contains(prefix) else { throw refused }
        return Range(bytes: bytes, prefix: prefix)
    }
}
