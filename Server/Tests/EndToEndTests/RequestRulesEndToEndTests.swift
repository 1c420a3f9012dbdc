import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// Framing and identifier rules on the real binary: what a request may look like before
/// anything is stored or looked up.
@Suite("request framing and identifiers end to end", .serialized)
struct RequestRulesEndToEndTests {
    static let bundleId = "com.example.agekit"

    /// One request over a raw connection: the status, the error code and whether the server
    /// closed the connection within `seconds`.
    static func raw(
        _ server: ServerProcess, _ head: String, body: String = "", seconds: Double = 3
    ) -> (status: Int?, code: String?, closed: Bool, responses: Int) {
        guard let connection = RawConnection(port: server.port) else { return (nil, nil, true, 0) }
        connection.send(head + "\r\n\r\n" + body)
        let (text, closed) = connection.read(seconds: seconds)
        let code = text.firstRange(of: #""code":""#).map { range in
            String(text[range.upperBound...].prefix { $0 != "\"" })
        }
        return (RawConnection.status(text), code, closed, RawConnection.responseCount(text))
    }

    static let smuggling: [(String, String, String)] = [
        (
            "two differing Content-Length fields",
            "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 44",
            "ambiguous_length"
        ),
        (
            "an unknown Transfer-Encoding", "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip",
            "unsupported_transfer_encoding"
        ),
        (
            "Transfer-Encoding and Content-Length together",
            "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 44",
            "ambiguous_length"
        ),
    ]

    @Test(
        "ambiguous framing gets 400 and the connection closed at once, no smuggled request is read, and /metrics counts each"
    )
    func ambiguousFramingIsRefused() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let smuggled = "{}GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
        for (name, head, code) in Self.smuggling {
            let started = Date()
            let answer = Self.raw(server, head, body: smuggled)
            #expect(answer.status == 400, "\(name)")
            #expect(answer.code == code, "\(name)")
            #expect(answer.closed, "\(name): the connection stays open")
            #expect(answer.responses == 1, "\(name): a smuggled request was answered")
            #expect(Date().timeIntervalSince(started) < 2, "\(name): not refused at once")
        }
        let metrics = String(decoding: try await server.request("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"agekit_transport_refusals_total{code="ambiguous_length"} 2"#), "\(metrics)")
        #expect(metrics.contains(#"agekit_transport_refusals_total{code="unsupported_transfer_encoding"} 1"#))
    }

    static let looseHeads: [(String, String)] = [
        ("a space before the colon of Content-Length", "Host: a\r\nContent-Length : 2"),
        ("a tab before the colon of Transfer-Encoding", "Host: a\r\nTransfer-Encoding\t: chunked"),
        ("a bare CR hiding Content-Length", "Host: a\r\nX-Note: a\rContent-Length: 2"),
        ("a space in a header name", "Host: a\r\nX Note: z\r\nContent-Length: 2"),
        ("no Host", "Content-Length: 2"),
        ("two Hosts", "Host: a\r\nHost: b\r\nContent-Length: 2"),
        ("a NUL in a header value", "Host: a\r\nX-Note: a\u{0}b\r\nContent-Length: 2"),
        ("a folded line (obsolete line folding)", "Host: a\r\nX-Note: a\r\n b\r\nContent-Length: 2"),
        ("a folded line after Host", "Host: a\r\n\tb\r\nContent-Length: 2"),
        ("an empty header name", "Host: a\r\n: z\r\nContent-Length: 2"),
        ("a Host with a space", "Host: a b\r\nContent-Length: 2"),
        ("an empty Host", "Host: \r\nContent-Length: 2"),
    ]

    @Test(
        "a loose head (no Host, two, a name that is no token, a NUL or CR anywhere) gets 400 and a close, and nothing hidden is read"
    )
    func looseHeadsAreRefused() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let smuggled = "{}GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
        for (name, fields) in Self.looseHeads {
            let answer = Self.raw(server, "POST /v2/notifications HTTP/1.1\r\n" + fields, body: smuggled)
            #expect(answer.status == 400, "\(name)")
            #expect(answer.code == "malformed_head", "\(name)")
            #expect(answer.closed, "\(name): the connection stays open")
            #expect(answer.responses == 1, "\(name): a hidden request was answered")
        }
        // The admin token with a NUL and junk after it is refused, never read as the token.
        let token = server.adminToken
        let events = "GET /v1/apps/\(Self.bundleId)/events HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer "
        #expect(Self.raw(server, events + token).status == 200)
        let truncated = Self.raw(server, events + token + "\u{0}junk")
        #expect(truncated.status == 400)
        #expect(truncated.code == "malformed_head")
        // A NUL in the request line: the account read would have been "u27".
        let account = "GET /v1/apps/\(Self.bundleId)/accounts/u27\u{0}/../../x HTTP/1.1\r\nHost: a\r\n"
        let cut = Self.raw(server, account + "Authorization: Bearer " + token)
        #expect(cut.status == 400)
        #expect(cut.code == "malformed_head")
        let metrics = String(decoding: try await server.request("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"agekit_transport_refusals_total{code="malformed_head"} 14"#), "\(metrics)")
    }

    @Test("HEAD on the probes answers 200 without a body; another method gets 405 naming GET and HEAD")
    func probesAnswerHead() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        for path in ["/healthz", "/readyz"] {
            guard let connection = RawConnection(port: server.port) else {
                Issue.record("no connection")
                return
            }
            connection.send("HEAD \(path) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
            let (text, _) = connection.read(seconds: 3)
            #expect(RawConnection.status(text) == 200, "\(path): \(text)")
            let body = text.range(of: "\r\n\r\n").map { text[$0.upperBound...] } ?? "?"
            #expect(body.isEmpty, "\(path): \(text)")
        }
        let delete = Self.raw(server, "DELETE /healthz HTTP/1.1\r\nHost: a\r\nConnection: close")
        #expect(delete.status == 405)
    }

    @Test(
        "wrong admin tokens from one address are answered 429 with Retry-After past ten, counted in /metrics; the right token never is"
    )
    func failedAuthenticationsAreLimited() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let events =
            "GET /v1/apps/\(Self.bundleId)/events HTTP/1.1\r\nHost: a\r\nConnection: close\r\nAuthorization: Bearer "
        func ask(_ token: String, from source: String) -> (status: Int?, text: String) {
            guard let connection = RawConnection(port: server.port, from: source) else { return (nil, "") }
            connection.send(events + token + "\r\n\r\n")
            let (text, _) = connection.read(seconds: 3)
            return (RawConnection.status(text), text)
        }
        let statuses = (0..<14).map { _ in ask("wrong-token-of-the-right-length-0000000000", from: "127.0.0.7").status }
        #expect(statuses.prefix(10).allSatisfy { $0 == 401 }, "\(statuses)")
        #expect(statuses.suffix(4).allSatisfy { $0 == 429 }, "\(statuses)")
        let limited = ask("wrong-token-of-the-right-length-0000000000", from: "127.0.0.7")
        #expect(limited.status == 429)
        #expect(limited.text.contains("Retry-After: "))
        #expect(limited.text.contains("too_many_authentication_failures"))
        // The right token is answered from the very address that is failing: one stale client
        // behind the operator's proxy never locks the operator out.
        #expect(ask(server.adminToken, from: "127.0.0.7").status == 200)
        #expect(ask("wrong-token-of-the-right-length-0000000000", from: "127.0.0.7").status == 429)
        #expect(ask(server.adminToken, from: "127.0.0.8").status == 200)
        let metrics = String(decoding: try await server.request("GET", "/metrics").body, as: UTF8.self)
        #expect(
            metrics.contains(#"agekit_admin_authentication_failures_total{outcome="unauthorized"} 10"#), "\(metrics)")
        #expect(metrics.contains(#"agekit_admin_authentication_failures_total{outcome="limited"} 6"#))
    }

    @Test(
        "a Content-Length libmicrohttpd cannot read is refused by the library before the request exists: 400 or 413, the connection closed, nothing stored and the server unharmed"
    )
    func unreadableContentLengthIsRefusedByTheLibrary() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: "AT-CL", ca: try server.localCA())
        let body = #"{"signedPayload":"\#(jws)"}"#
        for (length, status) in [("12abc", 400), ("-5", 400), ("99999999999999999999999", 413)] {
            let connection = try #require(RawConnection(port: server.port))
            connection.send(
                "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Length: \(length)\r\n\r\n\(body)")
            let (text, closed) = connection.read(seconds: 3)
            #expect(RawConnection.status(text) == status, "Content-Length: \(length): \(text.prefix(80))")
            #expect(closed, "Content-Length: \(length): the connection stayed open")
            // libmicrohttpd 0.9.75 writes its status line and headers twice before its body
            // (docs/http-api.md); the first response is whole either way.
            #expect(!text.contains("signedPayload") && !text.contains("stored"))
        }
        #expect(try await server.request("GET", "/healthz").status == 200)
        let feed = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events", admin: true)
        #expect(feed.status == 200)
        #expect(!String(decoding: feed.body, as: UTF8.self).contains("notificationStored"))
    }

    static let paths: [(String, Int, String?)] = [
        ("/v2/notifications%00", 400, "invalid_path"),
        ("//v2//notifications", 400, "invalid_path"),
        ("/v2/notifications/", 400, "invalid_path"),
        ("/v1/apps/\(bundleId)/accounts/u27%00/../../x", 400, "invalid_path"),
        ("/v1/apps/\(bundleId)/accounts/u27/../../x", 400, "invalid_path"),
        ("/v1/apps/\(bundleId)/accounts/u%0D%0A27", 400, "invalid_path"),
        ("/v1/apps/\(bundleId)/accounts/%ZZ", 400, "invalid_path"),
        // One decoding: a%252Fb names the account "a%2Fb", which does not exist.
        ("/v1/apps/\(bundleId)/accounts/a%252Fb", 404, "account_not_found"),
        ("/v1/apps/\(bundleId)/accounts/a%2Fb", 200, nil),
        ("/v1/notifications/not-a-uuid", 400, "invalid_notification_uuid"),
    ]

    @Test("each path segment is decoded once, and NUL, dot and empty segments are refused")
    func pathRules() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let registered = try await register(server, accountId: "a/b", appTransactionId: "AT-PATH")
        #expect(registered.status == 200)
        for (path, status, code) in Self.paths {
            let method = path.hasPrefix("/v2") ? "POST" : "GET"
            let answer = Self.raw(
                server,
                "\(method) \(path) HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer \(server.adminToken)\r\nContent-Length: 2",
                body: "{}", seconds: 1)
            #expect(answer.status == status, "\(path)")
            #expect(answer.code == code, "\(path)")
        }
    }

    static let identifiers: [(String, [String: String], String)] = [
        ("an empty account id", ["accountId": ""], "invalid_account_id"),
        ("a 200 KB account id", ["accountId": String(repeating: "a", count: 200_000)], "invalid_account_id"),
        ("an account id with CR LF", ["accountId": "u\r\nX-Injected: 1"], "invalid_account_id"),
        ("an account id with NUL", ["accountId": "u\u{0}v"], "invalid_account_id"),
        (
            "a non-UUID appAccountToken", ["accountId": "erin", "appAccountToken": "token-1"],
            "invalid_app_account_token"
        ),
    ]

    @Test("account ids are bounded and printable, appAccountTokens are UUIDs, each refusal with its code")
    func registrationIdentifiers() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: "AT-ID", bundleId: Self.bundleId, environment: .localTesting, ca: ca)
        for (name, fields, code) in Self.identifiers {
            let body = try JSONSerialization.data(
                withJSONObject: fields.merging(["signedAppTransaction": signed]) { first, _ in first } as [String: Any])
            let response = try await server.request(
                "POST", "/v1/apps/\(Self.bundleId)/app-transactions", body: body, admin: true)
            #expect(response.status == 400, "\(name)")
            #expect(response.errorCode == code, "\(name)")
        }
        let events = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events", admin: true).json
        #expect((events["events"] as? [Any])?.isEmpty == true, "a refused registration left an event")
    }

    static let notificationUUIDs: [(String, String)] = [
        ("empty", ""),
        ("with NUL", "0f4e5c1a-2b3c-4d5e-8f70-8192a3b4c5d6\u{0}"),
        ("150 KB", String(repeating: "a", count: 150_000)),
        ("not hexadecimal", "zf4e5c1a-2b3c-4d5e-8f70-8192a3b4c5d6"),
        ("without dashes", "0f4e5c1a2b3c4d5e8f708192a3b4c5d6"),
    ]

    @Test("a signed notification whose UUID is not canonical is refused and not stored", arguments: notificationUUIDs)
    func notificationUUIDRule(name: String, uuid: String) async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: "AT-U", notificationUUID: uuid, ca: ca)
        let response = try await server.post(signedPayload: jws)
        #expect(response.status == 400, "\(name)")
        #expect(response.errorCode == "invalid_notification_uuid", "\(name)")
        let events = try await server.request("GET", "/v1/apps/\(Self.bundleId)/events", admin: true).json
        #expect((events["events"] as? [Any])?.isEmpty == true, "\(name): stored anyway")
    }

    func register(
        _ server: ServerProcess, accountId: String, appTransactionId: String
    ) async throws
        -> ServerProcess.Response
    {
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: appTransactionId, bundleId: Self.bundleId, environment: .localTesting, ca: ca)
        let body = try JSONSerialization.data(withJSONObject: ["accountId": accountId, "signedAppTransaction": signed])
        return try await server.request("POST", "/v1/apps/\(Self.bundleId)/app-transactions", body: body, admin: true)
    }
}
