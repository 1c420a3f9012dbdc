import ConsentServer
import Foundation
import Testing

/// Nothing a caller sends is ignored: admin bodies, query parameters and paths are refused
/// with a code and a message that names what is wrong.
@Suite("Strict requests: admin bodies, queries and unknown paths")
struct StrictRequestTests {
    static let restorePath = "/v1/apps/\(ResponderFixture.bundleId)/accounts/alice/restore"

    struct BadBody: Sendable, CustomTestStringConvertible {
        let rule: String
        let body: String
        let code: String
        let mentions: String
        var testDescription: String { rule }
    }

    @Test(
        "a restore body against a rule is refused with its code, names the field and changes nothing",
        arguments: [
            BadBody(
                rule: "a number for a string", body: #"{"actor": 5}"#, code: "wrong_field_type",
                mentions: #""actor" must be a string, not a number"#),
            BadBody(
                rule: "a misspelt field", body: #"{"actr": "agent-7"}"#, code: "unexpected_field",
                mentions: #"unknown field "actr" (known: actor, reason)"#),
            BadBody(
                rule: "a field twice", body: #"{"actor": "a", "actor": "b"}"#, code: "duplicate_field",
                mentions: #"duplicate key "actor""#),
            BadBody(
                rule: "a list for a string", body: #"{"reason": ["x"]}"#, code: "wrong_field_type",
                mentions: #""reason" must be a string, not a list"#),
            BadBody(
                rule: "a boolean for a string", body: #"{"reason": true}"#, code: "wrong_field_type",
                mentions: "not true or false"),
            BadBody(
                rule: "a trailing comma", body: #"{"actor": "a",}"#, code: "malformed_body",
                mentions: "line 1, column 15: trailing comma"),
            BadBody(
                rule: "not an object", body: #"["actor"]"#, code: "malformed_body", mentions: "must be a JSON object"),
            BadBody(
                rule: "a reason over 2,000 code points in one character (combining marks)",
                body: #"{"reason": "e\#(String(repeating: "\u{301}", count: 2_000))"}"#, code: "field_too_long",
                mentions: #""reason" is 2001 characters long; at most 2000"#),
        ])
    func restoreBodies(bad: BadBody) throws {
        let fixture = try ResponderFixture()
        _ = try fixture.register(accountId: "alice", appTransactionId: "AT-1")
        _ = fixture.postNotification(try fixture.notification("RESCIND_CONSENT"))
        let refused = fixture.send("POST", Self.restorePath, body: Array(bad.body.utf8))
        #expect(refused.status == 400)
        #expect(refused.errorCode == bad.code)
        let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains(bad.mentions), "\(message)")
        let account = fixture.send("GET", "/v1/apps/\(ResponderFixture.bundleId)/accounts/alice")
        #expect(account.json["state"] as? String == "consentRevoked")
    }

    @Test("a restore body with known string fields, null for an optional one, or no body at all is taken")
    func goodRestoreBodies() throws {
        let fixture = try ResponderFixture()
        _ = try fixture.register(accountId: "alice", appTransactionId: "AT-1")
        for body in [#"{"actor": "agent-7", "reason": null}"#, "", "{}"] {
            let restored = fixture.send("POST", Self.restorePath, body: Array(body.utf8))
            #expect(restored.status == 200, "\(body)")
        }
    }

    @Test(
        "a registration body names the missing, unknown or mistyped field",
        arguments: [
            (#"{"accountId": "a"}"#, "missing_field", #""signedAppTransaction" is required"#),
            (#"{"accountId": 7, "signedAppTransaction": "x"}"#, "wrong_field_type", #""accountId" must be a string"#),
            (#"{"accountID": "a", "signedAppTransaction": "x"}"#, "unexpected_field", #"unknown field "accountID""#),
        ])
    func registrationBodies(body: String, code: String, mentions: String) throws {
        let fixture = try ResponderFixture()
        let refused = fixture.send(
            "POST", "/v1/apps/\(ResponderFixture.bundleId)/app-transactions", body: Array(body.utf8))
        #expect(refused.status == 400)
        #expect(refused.errorCode == code)
        let message = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains(mentions), "\(message)")
    }

    @Test(
        "invalid_query names the parameter and its problem",
        arguments: [
            (["limit": "0"], "limit: '0' is not a whole number from 1 to 1000"),
            (["limit": "ten"], "limit: 'ten'"),
            (["after": "-1"], "after: '-1' is not a cursor"),
            (["after": "1", "limt": "5"], "unknown parameter 'limt' (known: after, limit)"),
        ])
    func invalidQuery(query: [String: String], message: String) throws {
        let fixture = try ResponderFixture()
        let refused = fixture.send("GET", "/v1/apps/\(ResponderFixture.bundleId)/events", query: query)
        #expect(refused.status == 400)
        #expect(refused.errorCode == "invalid_query")
        let text = (refused.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(text.contains(message), "\(text)")
    }

    @Test("GET / and unknown paths are 404 not_found naming the routes' prefixes", arguments: ["/", "/v3", "/v1/apps"])
    func unknownPaths(path: String) throws {
        let fixture = try ResponderFixture()
        let answer = fixture.send("GET", path)
        #expect(answer.status == 404)
        #expect(answer.errorCode == "not_found")
        let text = (answer.json["error"] as? [String: Any])?["message"] as? String ?? ""
        #expect(text.contains("/v2/notifications") && text.contains("/v1/apps/{bundleId}/"), "\(text)")
    }
}
