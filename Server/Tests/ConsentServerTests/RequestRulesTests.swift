import Foundation
import Testing

@testable import ConsentServer

/// The pure rules behind the transport and the routes, each as a table.
@Suite("request rules")
struct RequestRulesTests {
    @Test(
        "a path is split and each segment decoded exactly once",
        arguments: [
            ("/v2/notifications", ["v2", "notifications"]),
            ("/v1/apps/a%2Fb", ["v1", "apps", "a/b"]),
            ("/v1/apps/a%252Fb", ["v1", "apps", "a%2Fb"]),
            ("/v1/%E2%9C%93", ["v1", "✓"]),
        ])
    func pathsDecodeOnce(path: String, segments: [String]) throws {
        #expect(try PathSegments(path).segments == segments)
    }

    @Test(
        "a path with NUL, control, dot, empty segments or bad escapes is refused",
        arguments: [
            "/v2/notifications%00", "//v2//notifications", "/v2/notifications/", "/a/../b", "/a/%2e%2E/b", "/a/./b",
            "/a%0D%0Ab", "/a%zz", "/a%4", "/a%FF", "v2/notifications", "/a\u{1}b",
        ])
    func badPathsAreRefused(path: String) {
        #expect(throws: ServerError.self) { try PathSegments(path) }
    }

    @Test(
        "UUIDs are 8-4-4-4-12 hex digits, canonical in lowercase",
        arguments: [
            ("0F4E5C1A-2B3C-4D5E-8F70-8192A3B4C5D6", "0f4e5c1a-2b3c-4d5e-8f70-8192a3b4c5d6"),
            ("0f4e5c1a-2b3c-4d5e-8f70-8192a3b4c5d6", "0f4e5c1a-2b3c-4d5e-8f70-8192a3b4c5d6"),
            ("", nil), ("0f4e5c1a2b3c4d5e8f708192a3b4c5d6", nil), ("0f4e5c1a-2b3c-4d5e-8f70-8192a3b4c5d", nil),
            ("gf4e5c1a-2b3c-4d5e-8f70-8192a3b4c5d6", nil), ("0f4e5c1a-2b3c-4d5e-8f70-8192a3b4c5d6\u{0}", nil),
        ] as [(String, String?)])
    func uuids(text: String, canonical: String?) {
        #expect(Identifiers.canonicalUUID(text) == canonical)
    }

    @Test(
        "account ids are 1 to 256 visible ASCII characters",
        arguments: [
            ("user-42", true), ("a/b", true), (String(repeating: "a", count: 256), true),
            ("", false), (String(repeating: "a", count: 257), false), ("a b", false), ("a\r\nb", false),
            ("a\u{0}", false), ("é", false),
        ])
    func accountIds(text: String, accepted: Bool) {
        #expect((Identifiers.accountIdProblem(text) == nil) == accepted)
    }

    @Test(
        "a body length stated twice or two ways is refused with its code",
        arguments: [
            (["content-length": "12"], nil), (["transfer-encoding": "chunked"], nil),
            (["transfer-encoding": "Chunked"], nil), ([:], nil),
            (["content-length": "2, 44"], "ambiguous_length"), (["content-length": "2, 2"], "ambiguous_length"),
            (["transfer-encoding": "gzip"], "unsupported_transfer_encoding"),
            (["transfer-encoding": "gzip, chunked"], "unsupported_transfer_encoding"),
            (["transfer-encoding": "chunked", "content-length": "5"], "ambiguous_length"),
        ] as [([String: String], String?)])
    func framing(headers: [String: String], code: String?) {
        let refusal = RequestFraming.refusal(headers)?.response
        #expect(refusal.map { String(decoding: $0.body, as: UTF8.self).contains("\"\(code ?? "")\"") } ?? (code == nil))
        #expect(refusal?.status ?? 400 == 400)
        #expect(refusal.map { $0.headers.contains { $0.name == "Connection" && $0.value == "close" } } ?? true)
    }

    @Test(
        "a live delivery is fresh within 10 days before and 5 minutes after its receipt",
        arguments: [
            (0, nil), (-9 * 86_400_000, nil), (-10 * 86_400_000, nil), (-10 * 86_400_000 - 1, "signed_date_too_old"),
            (300_000, nil), (300_001, "signed_date_in_future"), (Int64.min / 2, "signed_date_too_old"),
        ] as [(Int64, String?)])
    func freshness(offset: Int64, code: String?) {
        let now: Int64 = 1_764_500_000_000
        #expect(Freshness().refusal(signedDate: now + offset, receivedAt: now)?.code.rawValue == code)
    }

    @Test(
        "allowedSources matches addresses by CIDR prefix",
        arguments: [
            ("17.1.2.3", true), ("17.255.255.255", true), ("18.0.0.1", false), ("127.0.0.1", true),
            ("127.0.0.2", false), ("2001:db8::1", true), ("2001:db9::1", false),
        ])
    func sources(address: String, accepted: Bool) throws {
        let policy = try SourcePolicy(["17.0.0.0/8", "127.0.0.1", "2001:db8::/32"])
        let result = policy.accepts(SourcePolicy.clientBytes(Platform.addressBytes(address)))
        #expect(result == accepted)
    }

    @Test(
        "through a trusted proxy, the client is the last X-Forwarded-For address that is not a proxy of ours",
        arguments: [
            ("17.1.2.3", nil), ("17.1.2.3:4711", nil), ("[2001:db8::7]:443", nil), ("2001:db8::7", nil),
            ("203.0.113.9, 17.1.2.3", nil), ("17.1.2.3, 10.0.0.4", nil), ("17.1.2.3,10.0.0.4 , 10.9.9.9", nil),
            ("10.0.0.4", "source_not_allowed"), ("17.1.2.3, 203.0.113.9", "source_not_allowed"),
            ("17.1.2.3, 203.0.113.9, 10.0.0.4", "source_not_allowed"), ("::ffff:17.1.2.3", nil),
            ("example.com", "forwarded_for_invalid"), ("17.1.2.3, unknown", "forwarded_for_invalid"),
            ("", "forwarded_for_invalid"), ("17.1.2.3:x", "forwarded_for_invalid"),
            ("[2001:db8::7", "forwarded_for_invalid"),
            // A prepending mark (U+0600) before the comma must not join the client's text to the hop.
            ("junk\u{0600}, 17.1.2.3", nil), ("junk\u{0600}, 203.0.113.9", "source_not_allowed"),
        ] as [(String, String?)])
    func forwardedFor(header: String, refusal: String?) throws {
        let policy = try SourcePolicy(["17.0.0.0/8", "2001:db8::/32"], trustedProxies: ["10.0.0.0/8"])
        #expect(policy.readsForwardedFor)
        #expect(policy.refusal(forwardedFor: header)?.code == refusal)
    }

    @Test("without X-Forwarded-For a proxy's request is refused; without trusted proxies nothing is read")
    func forwardedForMissing() throws {
        let policy = try SourcePolicy(["17.0.0.0/8"], trustedProxies: ["10.0.0.0/8"])
        #expect(policy.refusal(forwardedFor: nil)?.code == "forwarded_for_missing")
        #expect(try !SourcePolicy(["17.0.0.0/8"]).readsForwardedFor)
        #expect(!SourcePolicy.any.readsForwardedFor)
    }

    @Test(
        "trusted proxies without allowedSources: the forwarded client is read, any client allowed, so Apple's lane sees Apple's address"
    )
    func proxiesWithoutAllowedSources() throws {
        let policy = try SourcePolicy([], trustedProxies: ["10.0.0.0/8"])
        #expect(policy.readsForwardedFor)
        let proxy = try #require(Platform.addressBytes("10.0.0.4"))
        for (header, client) in [("17.1.2.3", "17.1.2.3"), ("203.0.113.9, 17.1.2.3, 10.0.0.5", "17.1.2.3")] {
            #expect(
                policy.source(peer: proxy, forwardedFor: header, path: "/v2/notifications")
                    == .client(try #require(Platform.addressBytes(client))))
        }
        #expect(policy.refusal(forwardedFor: nil)?.code == "forwarded_for_missing")
        #expect(policy.refusal(forwardedFor: "example.com")?.code == "forwarded_for_invalid")
        let direct = try #require(Platform.addressBytes("203.0.113.9"))
        #expect(policy.accepts(direct))
        #expect(policy.source(peer: direct, forwardedFor: "17.1.2.3", path: "/v2/notifications") == .direct)
    }

    @Test(
        "a request's source: a trusted proxy's names its client, a direct client's header is never read",
        arguments: [
            ("17.1.2.3", "/v2/notifications", nil, "direct"),
            ("17.1.2.3", "/v2/notifications", "203.0.113.9", "direct"),
            ("10.0.0.4", "/healthz", nil, "direct"),
            ("10.0.0.4", "/v2/notifications", nil, "forwarded_for_missing"),
            ("10.0.0.4", "/healthz", "203.0.113.9", "source_not_allowed"),
            ("10.0.0.4", "/v2/notifications", "17.1.2.3", "17.1.2.3"),
            ("::ffff:10.0.0.4", "/v2/notifications", "17.9.9.9, 10.0.0.5", "17.9.9.9"),
        ] as [(String, String, String?, String)])
    func requestSource(peer: String, path: String, header: String?, expected: String) throws {
        let policy = try SourcePolicy(["17.0.0.0/8"], trustedProxies: ["10.0.0.0/8"])
        let peerBytes = try #require(SourcePolicy.clientBytes(Platform.addressBytes(peer)))
        let verdict = policy.source(peer: peerBytes, forwardedFor: header, path: path)
        switch verdict {
        case .direct: #expect(expected == "direct")
        case .client(let client): #expect(client == Platform.addressBytes(expected))
        case .refused(let refusal): #expect(refusal.code.rawValue == expected)
        }
    }

    @Test("a range that is not CIDR is refused", arguments: ["17.0.0.0/33", "17.0.0", "example.com/8", "::/129", ""])
    func badRanges(text: String) {
        #expect(throws: ServerError.self) { try SourcePolicy([text]) }
        #expect(throws: ServerError.self) { try SourcePolicy([], trustedProxies: [text]) }
    }
}
