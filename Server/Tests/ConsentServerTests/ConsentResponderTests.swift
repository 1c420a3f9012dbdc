import AppStoreSignedData
import ConsentLedger
import ConsentServer
import Foundation
import Testing

@Suite("POST /v2/notifications, in-process")
struct NotificationRouteTests {
    @Test("register then rescind revokes the account and stops push")
    func registerThenRescind() throws {
        let fixture = try ResponderFixture()
        #expect(try fixture.register(accountId: "alice", appTransactionId: "AT-1").status == 200)
        let response = fixture.postNotification(try fixture.notification("RESCIND_CONSENT"))
        #expect(response.status == 200)
        #expect(response.json["status"] as? String == "stored")
        let account = fixture.send("GET", "/v1/apps/\(ResponderFixture.bundleId)/accounts/alice").json
        #expect(account["state"] as? String == "consentRevoked")
        #expect(account["pushAllowed"] as? Bool == false)
        #expect(account["needsReconciliation"] as? Bool == true)
    }

    @Test("a duplicate delivery answers 200 and changes nothing")
    func duplicate() throws {
        let fixture = try ResponderFixture()
        let jws = try fixture.notification("SUBSCRIBED")
        #expect(fixture.postNotification(jws).json["status"] as? String == "stored")
        let again = fixture.postNotification(jws)
        #expect(again.status == 200)
        #expect(again.json["status"] as? String == "duplicate")
        #expect(try fixture.ledger.notificationCount() == 1)
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let status: Int
        let code: String
        let make: @Sendable (ResponderFixture) throws -> [UInt8]
        var testDescription: String { name }
    }

    @Test(
        "bad input gets a status and a code and stores nothing",
        arguments: [
            Refusal(name: "not JSON", status: 400, code: "malformed_body") { _ in Array("{nope".utf8) },
            Refusal(name: "another field", status: 400, code: "unexpected_field") { _ in Array(#"{"x": 1}"#.utf8) },
            Refusal(name: "no field", status: 400, code: "malformed_body") { _ in Array("{}".utf8) },
            Refusal(name: "signedPayload not a string", status: 400, code: "malformed_body") { _ in
                Array(#"{"signedPayload": 7}"#.utf8)
            },
            Refusal(name: "not a JWS", status: 401, code: "malformed_jws") { _ in
                ResponderFixture.body(["signedPayload": "abc"])
            },
            Refusal(name: "forged payload byte", status: 401, code: "signature_mismatch") { fixture in
                var parts = try fixture.notification("SUBSCRIBED").split(separator: ".").map(String.init)
                var payload = Array(parts[1].utf8)
                payload[40] = payload[40] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
                parts[1] = String(decoding: payload, as: UTF8.self)
                return ResponderFixture.body(["signedPayload": parts.joined(separator: ".")])
            },
            Refusal(name: "signed by another CA", status: 401, code: "untrusted_chain") { fixture in
                let other = try LocalCertificateAuthority.generate(
                    notBefore: Date().addingTimeInterval(-86_400), notAfter: Date().addingTimeInterval(86_400))
                return ResponderFixture.body(["signedPayload": try fixture.notification("SUBSCRIBED", signer: other)])
            },
            Refusal(name: "an app not configured", status: 403, code: "unknown_app") { fixture in
                ResponderFixture.body(["signedPayload": try fixture.notification("SUBSCRIBED", bundleId: "com.other")])
            },
            Refusal(name: "an environment not accepted", status: 403, code: "wrong_environment") { fixture in
                ResponderFixture.body(["signedPayload": try fixture.notification("SUBSCRIBED", environment: .sandbox)])
            },
        ])
    func refusals(refusal: Refusal) throws {
        let fixture = try ResponderFixture()
        let response = fixture.send("POST", "/v2/notifications", body: try refusal.make(fixture), token: nil)
        #expect(response.status == refusal.status)
        #expect(response.errorCode == refusal.code)
        #expect(try fixture.ledger.notificationCount() == 0)
    }

    @Test("a forgery replayed is refused from memory with the first answer, and counted")
    func replayedForgery() throws {
        let fixture = try ResponderFixture()
        let other = try LocalCertificateAuthority.generate(
            notBefore: Date().addingTimeInterval(-86_400), notAfter: Date().addingTimeInterval(86_400))
        let forged = try fixture.notification("RESCIND_CONSENT", signer: other)
        let first = fixture.postNotification(forged)
        #expect(first.status == 401)
        #expect(first.errorCode == "untrusted_chain")
        // Apple's exact body shape takes the lookup before anything is decoded; the same
        // header with another payload is refused for its chain, not as malformed.
        let header = forged.prefix { $0 != "." }
        for replay in [forged, header + ".!!!.x"] {
            let again = fixture.postNotification(String(replay))
            #expect(again.status == 401)
            #expect(again.body == first.body)
        }
        // Another body shape takes the long way and gets the same answer.
        let spaced = Array(#"{ "signedPayload" : "\#(forged)" }"#.utf8)
        #expect(fixture.send("POST", "/v2/notifications", body: spaced, token: nil).body == first.body)
        let metrics = String(decoding: fixture.send("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"agekit_verification_failures_total{code="untrusted_chain"} 4"#))
        #expect(metrics.contains(#"agekit_notifications_total{type="unknown",outcome="rejected"} 4"#))
        #expect(try fixture.ledger.notificationCount() == 0)
        #expect(fixture.postNotification(try fixture.notification("SUBSCRIBED")).status == 200)
    }

    /// The `agekit_ready` line of `/metrics`.
    static func readyGauge(_ fixture: ResponderFixture) -> String? {
        let metrics = String(decoding: fixture.send("GET", "/metrics").body, as: UTF8.self)
        return metrics.split(separator: "\n").first { $0.hasPrefix("agekit_ready ") }.map(String.init)
    }

    @Test(
        "readiness follows the last notification's commit: not ready while notifications fail, though a small write passes"
    )
    func readinessFollowsTheLastNotification() throws {
        let fixture = try ResponderFixture()
        #expect(fixture.send("GET", "/readyz").status == 200)
        #expect(Self.readyGauge(fixture) == "agekit_ready 1.0")
        // A full disk: no page more for the database. A notification that needs new pages (here
        // a trigger adds 64 KB beside it) fails with SQLITE_FULL, while the probe's own write,
        // which rewrites a row in place, passes.
        try fixture.ledger.store.writeAndWait { connection in
            try connection.execute("CREATE TABLE ballast (b BLOB)", [])
            try connection.execute(
                "CREATE TEMP TRIGGER grows BEFORE INSERT ON main.notifications BEGIN INSERT INTO ballast VALUES (zeroblob(65536)); END",
                [])
            let pages = try connection.execute("PRAGMA page_count", [])[0][0].integer ?? 0
            try connection.execute("PRAGMA max_page_count = \(pages)", [])
        }
        let refusal = fixture.postNotification(try fixture.notification("SUBSCRIBED"))
        #expect(refusal.status == 503)
        #expect(refusal.errorCode == "store_unavailable")
        let refused = fixture.send("GET", "/readyz")
        #expect(refused.status == 503)
        #expect(refused.errorCode == "store_unavailable")
        #expect(Self.readyGauge(fixture) == "agekit_ready 0.0")
        try fixture.ledger.store.writeAndWait { connection in
            try connection.execute("PRAGMA max_page_count = 1073741823", [])
        }
        #expect(fixture.postNotification(try fixture.notification("SUBSCRIBED")).status == 200)
        #expect(fixture.send("GET", "/readyz").status == 200)
        #expect(Self.readyGauge(fixture) == "agekit_ready 1.0")
    }

    @Test("a statement the database refuses is store_rejected with 500, not an outage: readiness stays, nothing stored")
    func rejectedStatementIsNoOutage() throws {
        let fixture = try ResponderFixture()
        try fixture.ledger.store.writeAndWait { connection in
            try connection.execute(
                "CREATE TEMP TRIGGER refused BEFORE INSERT ON main.notifications BEGIN SELECT RAISE(ABORT, 'refused'); END",
                [])
        }
        let refusal = fixture.postNotification(try fixture.notification("SUBSCRIBED"))
        #expect(refusal.status == 500)
        #expect(refusal.errorCode == "store_rejected")
        #expect(fixture.send("GET", "/readyz").status == 200)
        #expect(try fixture.ledger.notificationCount() == 0)
    }

    @Test("a store that cannot write answers 503 so Apple retries")
    func storeFailure() throws {
        let fixture = try ResponderFixture()
        fixture.ledger.close()
        let response = fixture.postNotification(try fixture.notification("SUBSCRIBED"))
        #expect(response.status == 503)
        #expect(response.errorCode == "store_unavailable")
        #expect(fixture.send("GET", "/readyz").status == 503)
        #expect(Self.readyGauge(fixture) == "agekit_ready 0.0")
    }
}

@Suite("Admin API and operations, in-process")
struct AdminRouteTests {
    @Test("the admin API refuses a missing or wrong token")
    func unauthorized() throws {
        let fixture = try ResponderFixture()
        let path = "/v1/apps/\(ResponderFixture.bundleId)/accounts/alice"
        #expect(fixture.send("GET", path, token: nil).status == 401)
        #expect(fixture.send("GET", path, token: "test-admin-tokex").errorCode == "unauthorized")
        #expect(fixture.send("GET", path, token: "short").status == 401)
        #expect(fixture.send("GET", path).status == 404)
    }

    @Test("rescind before register is parked, then applied on register")
    func parked() throws {
        let fixture = try ResponderFixture()
        #expect(
            fixture.postNotification(try fixture.notification("RESCIND_CONSENT", appTransactionId: "AT-9")).status
                == 200)
        let account = try fixture.register(accountId: "bob", appTransactionId: "AT-9").json
        #expect(account["state"] as? String == "consentRevoked")
        #expect(account["appTransactionIds"] as? [String] == ["AT-9"])
    }

    @Test("restore, the event feed and notification lookup")
    func restoreAndFeed() throws {
        let fixture = try ResponderFixture()
        _ = try fixture.register(accountId: "alice", appTransactionId: "AT-1")
        let uuid = UUID().uuidString.lowercased()
        _ = fixture.postNotification(try fixture.notification("RESCIND_CONSENT", uuid: uuid))
        let restored = fixture.send(
            "POST", "/v1/apps/\(ResponderFixture.bundleId)/accounts/alice/restore",
            body: ResponderFixture.body(["actor": "support", "reason": "guardian asked"]))
        #expect(restored.json["state"] as? String == "active")
        #expect((restored.json["cause"] as? String)?.contains("support") == true)
        let feed = fixture.send(
            "GET", "/v1/apps/\(ResponderFixture.bundleId)/events", query: ["after": "0", "limit": "2"])
        #expect((feed.json["events"] as? [Any])?.count == 2)
        let next = feed.json["nextCursor"] as? Int ?? 0
        let rest = fixture.send("GET", "/v1/apps/\(ResponderFixture.bundleId)/events", query: ["after": String(next)])
        let kinds = (rest.json["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.contains("consentRestored"))
        #expect(
            fixture.send("GET", "/v1/apps/\(ResponderFixture.bundleId)/events", query: ["limit": "0"]).status == 400)
        let stored = fixture.send("GET", "/v1/notifications/\(uuid)")
        #expect(stored.json["notificationType"] as? String == "RESCIND_CONSENT")
        #expect(fixture.send("GET", "/v1/notifications/\(UUID().uuidString)").status == 404)
        #expect(fixture.send("GET", "/v1/notifications/nope").status == 400)
    }

    @Test("a registration for another app's transaction is refused")
    func wrongApp() throws {
        let fixture = try ResponderFixture(apps: [
            AppConfiguration(bundleId: ResponderFixture.bundleId, environments: ["LocalTesting"]),
            AppConfiguration(bundleId: "com.example.second", environments: ["LocalTesting"]),
        ])
        let signed = try SimulatedPayloads.appTransaction(
            appTransactionId: "AT-1", bundleId: ResponderFixture.bundleId, environment: .localTesting, ca: fixture.ca)
        let response = fixture.send(
            "POST", "/v1/apps/com.example.second/app-transactions",
            body: ResponderFixture.body(["accountId": "a", "signedAppTransaction": signed]))
        #expect(response.status == 403)
        #expect(response.errorCode == "wrong_bundle_id")
    }

    @Test("a registration held back by the verification budget is 503 verification_busy with Retry-After, not a 401")
    func busyRegistration() throws {
        let fixture = try ResponderFixture(newChainsPerSecond: 1)
        var answers: [HTTPResponse] = []
        // The first chain spends the budget for new chains, the first new leaf the one for new leaves.
        for index in 0..<8 where answers.last?.errorCode != "verification_busy" {
            let signer =
                index == 0
                ? fixture.ca
                : try fixture.ca.reissuingLeaf(
                    notBefore: Date().addingTimeInterval(-86_400), notAfter: Date().addingTimeInterval(86_400))
            let signed = try SimulatedPayloads.appTransaction(
                appTransactionId: "AT-\(index)", bundleId: ResponderFixture.bundleId, environment: .localTesting,
                ca: signer)
            answers.append(
                fixture.send(
                    "POST", "/v1/apps/\(ResponderFixture.bundleId)/app-transactions",
                    body: ResponderFixture.body(["accountId": "a\(index)", "signedAppTransaction": signed])))
        }
        let busy = try #require(answers.last, "no answer")
        #expect(busy.errorCode == "verification_busy", "\(answers.map(\.status))")
        #expect(busy.status == 503)
        #expect(busy.headers.contains { $0.name == "Retry-After" && $0.value == "1" })
        #expect(answers.dropLast().allSatisfy { $0.status == 200 })
    }

    @Test("health, readiness, metrics, unknown routes and wrong methods")
    func operations() throws {
        let fixture = try ResponderFixture()
        #expect(fixture.send("GET", "/healthz").status == 200)
        #expect(fixture.send("GET", "/readyz").status == 200)
        _ = fixture.postNotification(try fixture.notification("SUBSCRIBED"))
        _ = fixture.postNotification("garbage-not-a-jws")
        let metrics = String(decoding: fixture.send("GET", "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"agekit_notifications_total{type="SUBSCRIBED",outcome="stored"} 1"#))
        #expect(metrics.contains("agekit_http_request_duration_seconds_bucket"))
        #expect(metrics.contains("agekit_chain_cache_hits"))
        #expect(fixture.send("GET", "/nowhere").status == 404)
        #expect(fixture.send("GET", "/v2/notifications").status == 405)
    }

    @Test("Apple's exact body is looked up among the refused headers once: the verifier does not look again")
    func refusedHeadersLookedUpOnce() throws {
        let direct = try ResponderFixture()
        let jws = try direct.notification("RESCIND_CONSENT")
        // The verifier alone: one lookup for the notification, one for each JWS nested in it.
        _ = try direct.verifier.verifySignedNotification(ArraySlice(jws.utf8), receivedAt: nil)
        let verifierAlone = direct.verifier.refusedHeaderLookups
        #expect(verifierAlone >= 1)

        // Each fixture trusts its own CA: each signs its own notification of the same shape.
        let fixture = try ResponderFixture()
        let body = Array(#"{"signedPayload":"\#(try fixture.notification("RESCIND_CONSENT"))"}"#.utf8)
        #expect(fixture.send("POST", "/v2/notifications", body: body, token: nil).status == 200)
        #expect(fixture.verifier.refusedHeaderLookups == verifierAlone, "the receiver's look and the verifier's")

        // Any other shape is parsed, and the verifier looks itself.
        let spaced = try ResponderFixture()
        let other = Array(#"{ "signedPayload": "\#(try spaced.notification("RESCIND_CONSENT"))" }"#.utf8)
        #expect(spaced.send("POST", "/v2/notifications", body: other, token: nil).status == 200)
        #expect(spaced.verifier.refusedHeaderLookups == verifierAlone)
    }
}
