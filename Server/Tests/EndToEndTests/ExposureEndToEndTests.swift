import AppStoreSignedData
import ConsentServer
import Foundation
import TestSupport
import Testing

/// What an unauthenticated client can reach: with an admin listener, the public port serves
/// only Apple's route and `/healthz`; `/metrics` can require the token; other source
/// addresses can be refused at accept time.
@Suite("exposure end to end", .serialized)
struct ExposureEndToEndTests {
    static let bundleId = "com.example.agekit"

    func server(_ json: String) throws -> ServerProcess {
        try ServerProcess.configured(json, label: "exposure")
    }

    func status(_ url: String, token: String? = nil, body: Data? = nil) async throws -> Int {
        var request = HTTPClientRequest(
            body == nil ? "GET" : "POST", URL(string: url)!, body: body.map { [UInt8]($0) } ?? [])
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        return try await NetworkHTTPClient().send(detached: request).status
    }

    @Test("with an admin listener the public port serves only /v2/notifications and /healthz, /metrics needs the token")
    func adminListener() async throws {
        let server = try server(
            #"{"localTesting": true, "admin": {"listen": "127.0.0.1:0", "metricsRequireToken": true}}"#)
        defer { server.terminate() }
        #expect(server.waitForLine(containing: "admin API"))
        let line = try #require(server.printed.first { $0.contains("admin API") })
        let adminPort = try #require(line.split(separator: ":").last.flatMap { Int($0) })
        let admin = "http://127.0.0.1:\(adminPort)"
        let main = server.baseURL.absoluteString
        let token = server.adminToken
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: "AT-X", ca: ca)
        let body = try JSONSerialization.data(withJSONObject: ["signedPayload": jws])
        let events = "/v1/apps/\(Self.bundleId)/events"

        let cases: [(String, String?, Data?, Int)] = [
            (main + "/healthz", nil, nil, 200),
            (main + "/v2/notifications", nil, body, 200),
            (main + "/readyz", nil, nil, 404),
            (main + "/metrics", token, nil, 404),
            (main + events, token, nil, 404),
            (admin + "/healthz", nil, nil, 200),
            (admin + "/readyz", nil, nil, 200),
            (admin + "/metrics", nil, nil, 401),
            (admin + "/metrics", token, nil, 200),
            (admin + events, token, nil, 200),
            (admin + "/v2/notifications", nil, body, 404),
        ]
        for (url, token, body, expected) in cases {
            #expect(try await status(url, token: token, body: body) == expected, "\(url)")
        }
    }

    @Test("allowedSources closes connections from other addresses at accept time")
    func allowedSources() async throws {
        let server = try server(#"{"localTesting": true, "allowedSources": ["127.0.0.1/32", "17.0.0.0/8"]}"#)
        defer { server.terminate() }
        #expect(try await server.request("GET", "/healthz").status == 200)
        let outsider = try #require(RawConnection(port: server.port, from: "127.0.0.2"))
        outsider.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        let answer = outsider.read(seconds: 2)
        #expect(answer.closed)
        #expect(answer.text.isEmpty, "an address outside allowedSources was answered")
    }

    @Test("a bad allowedSources range refuses to start, naming it")
    func badRange() throws {
        #expect(throws: ServerStartFailure.self) {
            _ = try server(#"{"localTesting": true, "allowedSources": ["17.0.0.0/33"]}"#)
        }
    }

    @Test(
        "a trusted proxy is accepted, and each request it forwards is served only for a client in allowedSources"
    )
    func trustedProxy() async throws {
        let server = try server(
            #"{"localTesting": true, "allowedSources": ["127.0.0.1/32", "17.0.0.0/8"], "trustedProxies": ["127.0.0.5/32"]}"#
        )
        defer { server.terminate() }
        let ca = try server.localCA()
        func post(forwardedFor: String?) throws -> (status: Int?, text: String, uuid: String) {
            let uuid = UUID().uuidString.lowercased()
            let jws = try SimulatedPayloads.notification(
                type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
                appTransactionId: "AT-PROXY", notificationUUID: uuid, ca: ca)
            let body = #"{"signedPayload":"\#(jws)"}"#
            let connection = try #require(RawConnection(port: server.port, from: "127.0.0.5"))
            connection.send(
                "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                    + (forwardedFor.map { "X-Forwarded-For: \($0)\r\n" } ?? "")
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
            var answer = ""
            let started = Date()
            while !answer.contains("}") && Date().timeIntervalSince(started) < 5 {
                let read = connection.read(seconds: 0.1)
                answer += read.text
                if read.closed { break }
            }
            return (RawConnection.status(answer), answer, uuid)
        }
        let allowed = try post(forwardedFor: "17.0.0.9")
        #expect(allowed.status == 200, "\(allowed.text)")
        let refused = [
            ("203.0.113.7", "source_not_allowed"), ("17.0.0.9, 203.0.113.7", "source_not_allowed"),
            ("not-an-address", "forwarded_for_invalid"),
        ]
        for (header, code) in refused {
            let answer = try post(forwardedFor: header)
            #expect(answer.status == 403, "\(header): \(answer.text)")
            #expect(answer.text.contains(code), "\(header): \(answer.text)")
            #expect(try await server.request("GET", "/v1/notifications/\(answer.uuid)", admin: true).status == 404)
        }
        let missing = try post(forwardedFor: nil)
        #expect(missing.status == 403 && missing.text.contains("forwarded_for_missing"), "\(missing.text)")
        // The proxy's own probe needs no forwarded address.
        let probe = try #require(RawConnection(port: server.port, from: "127.0.0.5"))
        probe.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(RawConnection.status(probe.read(seconds: 2).text) == 200)
        // A direct client's header proves nothing: it is still closed at accept time.
        let direct = try #require(RawConnection(port: server.port, from: "127.0.0.6"))
        direct.send("GET /healthz HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: 17.0.0.9\r\n\r\n")
        let answer = direct.read(seconds: 2)
        #expect(answer.closed && answer.text.isEmpty, "a direct client was served on its own word")
        #expect(try await server.request("GET", "/v1/notifications/\(allowed.uuid)", admin: true).status == 200)
        // Every refusal counted: two forwarded clients and the direct one are not allowed.
        let metrics = String(decoding: try await server.request("GET", "/metrics").body, as: UTF8.self)
        for (code, count) in [("source_not_allowed", 3), ("forwarded_for_invalid", 1), ("forwarded_for_missing", 1)] {
            #expect(metrics.contains("agekit_transport_refusals_total{code=\"\(code)\"} \(count)"), "\(code)")
        }
    }

    @Test("a bad trustedProxies range refuses to start, naming it")
    func badProxyRange() throws {
        #expect(throws: ServerStartFailure.self) {
            _ = try server(#"{"localTesting": true, "trustedProxies": ["10.0.0.0/40"]}"#)
        }
    }
}
