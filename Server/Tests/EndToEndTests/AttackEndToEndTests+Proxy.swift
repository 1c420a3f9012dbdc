import Foundation
import TestSupport
import Testing

/// Behind a trusted proxy every connection comes from the proxy (127.0.0.5 here): Apple's
/// lane and the per-address limit must see the client it names.
extension AttackEndToEndTests {
    @Test(
        "behind a trusted proxy without allowedSources, Apple's new chain named in X-Forwarded-For keeps its lane under a forged flood through the same proxy"
    )
    func applesLaneThroughProxy() async throws {
        let server = try ServerProcess.configured(
            #"{"localTesting": true, "trustedProxies": ["127.0.0.5/32"], "#
                + #""notifications": {"newChainsPerSecond": 3, "appleSources": ["17.0.0.0/8"]}}"#,
            label: "proxy-lanes")
        defer { server.terminate() }
        let ca = try server.localCA()
        let intermediates = try (0..<24).map { _ in try forged(ca) }
        let apple = try rescind(ca)
        var codes: [String] = []
        for jws in intermediates where codes.last != "verification_busy" {
            let answer = try Self.post(jws, port: server.port, from: "127.0.0.5", forwardedFor: "203.0.113.9")
            codes.append(answer.code ?? "")
        }
        try #require(codes.last == "verification_busy", "the flood did not exhaust the budget: \(codes)")
        let delivery = try Self.post(apple, port: server.port, from: "127.0.0.5", forwardedFor: "17.1.2.3, 127.0.0.5")
        #expect(delivery.status == 200, "Apple's delivery through the proxy waited behind the flood: \(delivery)")
    }

    @Test(
        "behind a trusted proxy the per-address limit counts the client: one client's slow bodies leave the others served, its next gets 429, counted"
    )
    func perClientLimitThroughProxy() async throws {
        // No body rate and long idle and head limits: the slow bodies stay for the whole test.
        let server = try ServerProcess.configured(
            #"{"localTesting": true, "trustedProxies": ["127.0.0.5/32"], "http": {"maxConnectionsPerAddress": 4, "#
                + #""minBodyBytesPerSecond": 0, "idleTimeoutSeconds": 120, "requestHeadTimeoutSeconds": 120}}"#,
            label: "proxy-limit")
        defer { server.terminate() }
        let ca = try server.localCA()
        func slowBody() throws -> RawConnection {
            let connection = try #require(RawConnection(port: server.port, from: "127.0.0.5"))
            connection.send(
                "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                    + "X-Forwarded-For: 203.0.113.9\r\nContent-Length: 2000\r\n\r\n{\"signedPayload\":\"")
            return connection
        }
        var slow = try (0..<4).map { _ in try slowBody() }
        // Give the server the four heads before the fifth.
        try await Task.sleep(for: .milliseconds(300))
        let fifth = try slowBody().readResponse(seconds: 10)
        #expect(RawConnection.status(fifth) == 429 && fifth.contains("too_many_connections"), "\(fifth)")

        // Sixteen other clients through the same proxy, each answered.
        var answered = 0
        for index in 0..<16 {
            let answer = try Self.post(
                try rescind(ca), port: server.port, from: "127.0.0.5", forwardedFor: "17.1.2.\(index)")
            if answer.status == 200 { answered += 1 }
        }
        #expect(answered == 16, "\(answered) of 16 honest clients answered behind the proxy")

        // One slow body gone: its client has room again.
        slow.removeFirst()
        var again = ""
        for _ in 0..<50 {
            let connection = try slowBody()
            connection.send(String(repeating: "x", count: 10))
            again = connection.read(seconds: 0.2).text
            if RawConnection.status(again) == nil { slow.append(connection); break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(RawConnection.status(again) == nil, "the freed slot was never given back: \(again)")

        // A direct client is still held to 4 connections of its own.
        let direct = (0..<4).compactMap { _ in RawConnection(port: server.port, from: "127.0.0.7") }
        for connection in direct { connection.send("P") }
        try await Task.sleep(for: .milliseconds(300))
        let extra = try #require(RawConnection(port: server.port, from: "127.0.0.7"))
        extra.send("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
        let refused = extra.read(seconds: 5)
        #expect(refused.closed && RawConnection.status(refused.text) == nil, "\(refused.text)")

        let metrics = String(decoding: try await server.request("GET", "/metrics").body, as: UTF8.self)
        let line = metrics.split(separator: "\n").first {
            $0.hasPrefix(#"agekit_transport_refusals_total{code="too_many_connections"}"#)
        }
        let count = line.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) } ?? 0
        #expect(count >= 2, "refusals not counted: \(line ?? "no line")")
        withExtendedLifetime((slow, direct)) {}
    }
}
