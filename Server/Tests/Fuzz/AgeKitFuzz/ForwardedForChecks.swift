@testable import ConsentServer

/// `X-Forwarded-For` through a trusted proxy: whatever a client writes on the left, the
/// verdict is decided by the last hop that is not a proxy of ours.
///
/// An input is the client's own text, then a NUL, then one byte per hop the proxies appended
/// (each picks one spelling from `hops`). Through the verdict on `client, hops`:
/// - it is one of the three the rule has (allowed, `source_not_allowed`, `forwarded_for_invalid`);
/// - when some appended hop is not a trusted proxy, the last such decides, whatever the
///   client wrote: allowed if it is in `allowedSources`, `source_not_allowed` if not;
/// - one more trusted proxy appended changes nothing.
enum ForwardedForChecks {
    static let policy = try! SourcePolicy(["17.0.0.0/8", "2001:db8::/32"], trustedProxies: ["10.0.0.0/8", "fd00::/8"])

    enum Kind { case allowed, outside, proxy }

    static let hops: [(String, Kind)] = [
        ("17.1.2.3", .allowed), (" 17.1.2.3 ", .allowed), ("17.1.2.3:443", .allowed), ("[2001:db8::1]", .allowed),
        ("[2001:db8::1]:8443", .allowed), ("2001:db8::7", .allowed), ("::ffff:17.9.9.9", .allowed),
        ("203.0.113.9", .outside), ("[2001:db9::1]", .outside), ("198.51.100.1:80", .outside), ("\t8.8.8.8", .outside),
        ("10.0.0.1", .proxy), ("10.255.0.3:5000", .proxy), ("[fd00::1]", .proxy), ("fd00::2", .proxy),
    ]

    static func check(_ input: [UInt8]) {
        let separator = input.firstIndex(of: 0) ?? input.endIndex
        let client = String(decoding: input[..<separator], as: UTF8.self)
        let appended = input[separator...].dropFirst().map { hops[Int($0) % hops.count] }
        let header = ([client] + appended.map(\.0)).joined(separator: ",")
        let verdict = policy.refusal(forwardedFor: header)?.code
        guard [nil, "source_not_allowed", "forwarded_for_invalid"].contains(verdict) else {
            FuzzFailure.fail("unknown verdict \(verdict ?? "")", input)
        }
        if let decider = appended.last(where: { $0.1 != .proxy }) {
            let expected = decider.1 == .allowed ? nil : "source_not_allowed"
            guard verdict == expected else {
                FuzzFailure.fail("'\(header)': \(verdict ?? "allowed"), but \(decider.0) decides", input)
            }
        }
        let longer = policy.refusal(forwardedFor: header + ", 10.1.1.1")?.code
        guard longer == verdict else {
            FuzzFailure.fail(
                "'\(header)' then a trusted proxy: \(longer ?? "allowed") against \(verdict ?? "allowed")", input)
        }
    }
}
