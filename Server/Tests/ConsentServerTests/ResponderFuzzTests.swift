import ConsentServer
import Foundation
import TestSupport
import Testing

@Suite("Whatever a client sends, every answer has a status and a code")
struct ResponderFuzzTests {
    @Test("random methods, paths, tokens and bodies never crash and never store anything", arguments: [1, 2, 3])
    func randomRequests(seed: UInt64) throws {
        let fixture = try ResponderFixture()
        var random = SplitMix64(state: seed)
        let valid = try fixture.notification("SUBSCRIBED")
        let paths = [
            "/v2/notifications", "/v1/apps/com.example.agekit/app-transactions", "/v1/apps/%ZZ/accounts/%00",
            "/v1/apps/com.example.agekit/accounts/a/restore", "/v1/apps/com.example.agekit/events",
            "/v1/notifications/x",
            "/healthz", "/readyz", "/metrics", "//", "/v2/notifications/extra", String(repeating: "/a", count: 500),
        ]
        for _ in 0..<400 {
            let method = ["GET", "POST", "PUT", "DELETE", "PATCH"].randomElement(using: &random)!
            let path = paths.randomElement(using: &random)!
            var body: [UInt8]
            switch Int.random(in: 0..<5, using: &random) {
            case 0:
                body = (0..<Int.random(in: 0..<300, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            case 1:
                var mutated = Array(valid.utf8)
                for _ in 0..<3 {
                    mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(
                        in: 32...126, using: &random)
                }
                body = ResponderFixture.body(["signedPayload": String(decoding: mutated, as: UTF8.self)])
            case 2: body = Array(#"{"signedPayload": ["#.utf8) + Array(repeating: UInt8(ascii: "["), count: 2000)
            case 3: body = Array(#"{"accountId": 1, "signedAppTransaction": null, "after": -1}"#.utf8)
            default: body = []
            }
            let token: String? = Bool.random(using: &random) ? ResponderFixture.token : "wrong"
            let query = [
                "after": ["-5", "abc", "9999999999999999999999", "3"].randomElement(using: &random)!, "limit": "0",
            ]
            let response = fixture.send(method, path, body: body, token: token, query: query)
            #expect((200..<600).contains(response.status))
            if response.status >= 400 {
                #expect(response.errorCode != nil, "\(method) \(path) → \(response.status) without a code")
            }
        }
        #expect(try fixture.ledger.notificationCount() == 0)
    }
}
