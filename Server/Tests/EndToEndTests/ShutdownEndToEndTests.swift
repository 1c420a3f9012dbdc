import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// SIGTERM as docs/operations.md describes it, on the real binary: requests in flight (a body
/// still arriving included) finish and are stored; a new request, on a new connection or an
/// idle keep-alive one, gets 503 `shutting_down` with `Connection: close`; the process exits
/// by the drain deadline.
@Suite("Shutdown end to end", .serialized)
struct ShutdownEndToEndTests {
    static let bundleId = "com.example.agekit"

    /// `agekit_http_requests_in_flight` from /metrics.
    static func requestsInFlight(_ server: ServerProcess) async throws -> Int {
        let metrics = String(decoding: try await server.request("GET", "/metrics").body, as: UTF8.self)
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("agekit_http_requests_in_flight ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? 0
    }

    @Test("SIGTERM during a slow upload: the upload is stored, new requests get 503 and close, the process exits")
    func drainOnTerm() async throws {
        // A loaded test run can pause this test for seconds between steps: the upload's rate,
        // the idle connection's timeout and the drain deadline are set beyond such a pause,
        // so what is tested is the order of events, not the machine's speed.
        let server = try ServerProcess.configured(
            #"{"localTesting": true, "http": {"minBodyBytesPerSecond": 0, "idleTimeoutSeconds": 300, "requestHeadTimeoutSeconds": 300, "drainTimeoutSeconds": 120}}"#,
            label: "drain")
        let uuid = UUID().uuidString.lowercased()
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: "AT-DRAIN", notificationUUID: uuid, ca: try server.localCA())
        let body = Array(try JSONSerialization.data(withJSONObject: ["signedPayload": jws]))
        let head = "POST /v2/notifications HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"

        let idle = try #require(RawConnection(port: server.port))
        idle.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(RawConnection.status(idle.readResponse(seconds: 30)) == 200)  // now an idle keep-alive connection

        // The upload's head is in, and counted, before the signal: the server answers
        // `Expect: 100-continue` only after its handler took the head (a loaded machine can
        // take longer than any fixed pause to read it).
        let upload = try #require(RawConnection(port: server.port))
        upload.send(head + "Expect: 100-continue\r\nContent-Length: \(body.count)\r\n\r\n")
        let continued = upload.readResponse(seconds: 30)
        try #require(RawConnection.status(continued) == 100, "\(continued)")
        upload.send(String(decoding: body.prefix(100), as: UTF8.self))
        // In flight: the upload, and the scrape that reads the gauge.
        #expect(try await Self.requestsInFlight(server) >= 2)
        let signalled = Date()
        server.process.terminate()
        #expect(server.waitForLine(containing: "finishing requests in flight"))

        idle.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        let onIdle = idle.read(seconds: 30)
        #expect(
            RawConnection.status(onIdle.text) == 503,
            "\(onIdle.text) after \(Date().timeIntervalSince(signalled)) s; the server wrote: \(server.outputLines.suffix(8))"
        )
        #expect(onIdle.text.contains("shutting_down") && onIdle.text.lowercased().contains("connection: close"))
        #expect(onIdle.closed)

        let late = try #require(RawConnection(port: server.port))
        late.send(head + "Content-Length: \(body.count)\r\n\r\n" + String(decoding: body, as: UTF8.self))
        let onLate = late.read(seconds: 30)
        #expect(RawConnection.status(onLate.text) == 503, "\(onLate.text)")
        #expect(onLate.text.lowercased().contains("connection: close") && onLate.closed)

        try await Task.sleep(for: .milliseconds(500))  // a slow client, still within the body rate
        upload.send(String(decoding: body.dropFirst(100), as: UTF8.self))
        let answered = upload.read(seconds: 30)
        #expect(RawConnection.status(answered.text) == 200, "\(answered.text)")
        #expect(answered.text.contains(#""status":"stored""#))

        server.waitForExit()
        #expect(server.process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(signalled) < 120, "past the drain deadline")

        let restarted = try ServerProcess(dataDirectory: server.dataDirectory)
        defer { restarted.terminate() }
        #expect(try await restarted.request("GET", "/v1/notifications/\(uuid)", admin: true).status == 200)
    }

    @Test("an upload that never ends holds the stop only until http.drainTimeoutSeconds")
    func drainDeadline() throws {
        let server = try ServerProcess.configured(
            #"{"localTesting": true, "http": {"drainTimeoutSeconds": 1, "minBodyBytesPerSecond": 0}}"#,
            label: "drain")
        let upload = try #require(RawConnection(port: server.port))
        upload.send(
            "POST /v2/notifications HTTP/1.1\r\nHost: test\r\nContent-Length: 5000\r\n\r\n{\"signedPayload\": \"")
        Thread.sleep(forTimeInterval: 0.3)
        let signalled = Date()
        server.process.terminate()
        server.waitForExit()
        let took = Date().timeIntervalSince(signalled)
        #expect(server.process.terminationStatus == 0)
        #expect(took >= 0.9 && took < 4, "stopped after \(took) s")
    }
}
