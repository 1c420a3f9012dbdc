import Foundation
import Synchronization
import Testing

@testable import ConsentServer

@Suite("Request log and hand-written JSON")
struct RequestLogTests {
    @Test(
        "strings are escaped so every line stays valid JSON",
        arguments: ["plain", #"a "quoted" \ back"#, "line\nbreak\t\u{01}\u{1F}", "née 😀 \"x\""])
    func escaping(value: String) throws {
        var writer = JSONObjectWriter()
        writer.add("value", value)
        writer.add("count", 3)
        let object = try JSONSerialization.jsonObject(with: Data(writer.string.utf8)) as? [String: Any]
        #expect(object?["value"] as? String == value)
        #expect(object?["count"] as? Int == 3)
    }

    @Test("the time is UTC with milliseconds, zero-padded, and now")
    func timestamp() throws {
        let text = RequestLog.timestamp()
        #expect(text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil, "\(text)")
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let time = try #require(parser.date(from: text))
        #expect(abs(time.timeIntervalSinceNow) < 5)
    }

    @Test("one JSON line per request with route, status, duration, uuid, type and error code; never a payload or token")
    func logLine() throws {
        let lines = Mutex<[String]>([])
        let fixture = try ResponderFixture()
        let responder = ConsentResponder(
            verifier: .init(anchors: [fixture.ca.rootAnchor]),
            apps: [AppConfiguration(bundleId: ResponderFixture.bundleId, environments: ["LocalTesting"])],
            ledger: fixture.ledger, adminToken: ResponderFixture.token,
            log: RequestLog { line in lines.withLock { $0.append(line) } })
        let jws = try fixture.notification("SUBSCRIBED")
        let done = DispatchSemaphore(value: 0)
        let request = HTTPRequest(
            method: "POST", path: "/v2/notifications", headers: ["authorization": "Bearer \(ResponderFixture.token)"],
            body: ResponderFixture.body(["signedPayload": jws]))
        responder.respond(to: request) { _ in done.signal() }
        done.wait()
        let line = try #require(lines.withLock { $0.first })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["route"] as? String == "/v2/notifications")
        #expect(object["status"] as? Int == 200)
        #expect(object["notificationType"] as? String == "SUBSCRIBED")
        #expect(object["durationMs"] is Double)
        #expect((object["time"] as? String)?.hasSuffix("Z") == true)
        #expect(!line.contains(jws.prefix(40)))
        #expect(!line.contains(ResponderFixture.token))
    }
}
