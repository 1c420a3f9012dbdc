import AppStoreSignedData
import Foundation
import TestSupport
import Testing

/// What the guides promise, checked on the real binary: every request reaches the request
/// log, and a payload of no documented shape is `malformed_payload`.
@Suite("the guides' promises end to end", .serialized)
struct DocumentedPromisesEndToEndTests {
    /// The request log's lines that carry `errorCode`, parsed.
    static func refusals(in logFile: URL) throws -> [[String: Any]] {
        let text = try String(contentsOf: logFile, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }.filter { $0["errorCode"] != nil }
    }

    @Test(
        "refusals of the transport (malformed_head, ambiguous_length, 413, body_too_slow) each write a request log line"
    )
    func transportRefusalsAreLogged() async throws {
        let logFile = TestScratch.root.appendingPathComponent("transport-log-\(UUID().uuidString).log")
        let server = try ServerProcess.configured(
            #"{"localTesting": true, "http": {"requestHeadTimeoutSeconds": 1, "maxBodyBytes": 1024}}"#,
            label: "transport-log", standardErrorFile: logFile)
        defer { server.terminate() }
        let heads = [
            "POST /v2/notifications HTTP/1.1\r\nContent-Length: 2",
            "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 2",
            "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Length: 5000000",
        ]
        for head in heads {
            let connection = try #require(RawConnection(port: server.port))
            connection.send(head + "\r\n\r\n")
            _ = connection.read(seconds: 1)
        }
        // A body trickled below the minimum rate: shut down at the end of its grace.
        let slow = try #require(RawConnection(port: server.port))
        slow.send("POST /v2/notifications HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n{")
        #expect(slow.read(seconds: 6).closed, "the slow body was not closed")
        server.terminate()  // the log is written out when the server stops

        let lines = try Self.refusals(in: logFile)
        let expected: [(code: String, status: Int?, route: String)] = [
            ("malformed_head", 400, "/v2/notifications"), ("ambiguous_length", 400, "/v2/notifications"),
            ("body_too_large", 413, "/v2/notifications"), ("body_too_slow", nil, "connection"),
        ]
        for (code, status, route) in expected {
            let line = lines.first { $0["errorCode"] as? String == code }
            #expect(line != nil, "no log line for \(code): \(lines)")
            #expect(line?["status"] as? Int == status, "\(code): \(line ?? [:])")
            #expect(line?["route"] as? String == route, "\(code): \(line ?? [:])")
            #expect(line?["time"] != nil, "\(code)")
        }
    }

    @Test(
        "a signed notification without data, summary or appData is refused as malformed_payload and nothing is stored")
    func notificationWithoutSection() async throws {
        let server = try ServerProcess()
        defer { server.terminate() }
        let ca = try server.localCA()
        let uuid = UUID().uuidString.lowercased()
        let payload = """
            {"notificationType": "RESCIND_CONSENT", "notificationUUID": "\(uuid)", "version": "2.0", \
            "signedDate": \(Int64(Date().timeIntervalSince1970 * 1000))}
            """
        let answer = try await server.post(signedPayload: try ca.sign(payload: Array(payload.utf8)))
        #expect(answer.status == 401, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(answer.errorCode == "malformed_payload")
        let message = ((answer.json["error"] as? [String: Any])?["message"] as? String) ?? ""
        #expect(message.contains("data, summary"), "\(message)")
        let stored = try await server.request("GET", "/v1/notifications/\(uuid)", admin: true)
        #expect(stored.status == 404)
    }
}

extension DocumentedPromisesEndToEndTests {
    @Test("serve on an address in use stops naming it, and leaves no database, token or CA behind")
    func addressInUseLeavesNoFiles() async throws {
        let holder = try ServerProcess()
        defer { holder.terminate() }
        let directory = TestScratch.root.appendingPathComponent("in-use-\(UUID().uuidString)")
        let run = try AgekitBinary.run([
            "serve", "--listen", "127.0.0.1:\(holder.port)", "--data-dir", directory.path,
        ])
        #expect(run.status != 0)
        #expect(run.err.contains("127.0.0.1:\(holder.port)") && run.err.contains("in use"), "\(run.err)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(left.isEmpty, "files written before the bind failed: \(left)")
        #expect(try await holder.request("GET", "/healthz").status == 200)
    }
}

extension DocumentedPromisesEndToEndTests {
    @Test(
        "a field without a value is written as null in every JSON output: bench --json, the admin API, the request log")
    func oneNullConvention() async throws {
        let directory = TestScratch.root.appendingPathComponent("nulls-\(UUID().uuidString)")
        let ca = directory.appendingPathComponent("ca").path
        let vectors = directory.appendingPathComponent("vectors")
        try FileManager.default.createDirectory(at: vectors, withIntermediateDirectories: true)
        let notification = try AgekitBinary.run(["simulate", "notification", "--type", "SUBSCRIBED", "--ca-dir", ca])
        try Data(notification.out.utf8).write(to: vectors.appendingPathComponent("n.jws"))
        let bench = try AgekitBinary.run([
            "bench", "verify", "--vectors", vectors.path, "--root", ca + "/root.pem", "--seconds", "0.05", "--only",
            "cold", "--json",
        ])
        #expect(bench.status == 0, "\(bench.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(bench.out.utf8)) as? [String: Any])
        #expect(report["warm_per_s"] is NSNull, "\(bench.out)")
        #expect(report["warm_us_per_jws"] is NSNull, "\(bench.out)")
        #expect((report["cold_per_s"] as? Double ?? 0) > 0)
        let kind = (report["kinds"] as? [String: Any])?["notification"] as? [String: Any]
        #expect(kind?["warm_per_s"] is NSNull, "\(bench.out)")

        let logFile = directory.appendingPathComponent("serve.log")
        let server = try ServerProcess(standardErrorFile: logFile)
        defer { server.terminate() }
        let uuid = UUID().uuidString.lowercased()
        let jws = try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: "com.example.agekit", environment: .localTesting,
            appTransactionId: "AT-NULL", notificationUUID: uuid, ca: try server.localCA())
        #expect(try await server.post(signedPayload: jws).status == 200)
        let stored = try await server.request("GET", "/v1/notifications/\(uuid)", admin: true)
        #expect(stored.json["subtype"] is NSNull, "\(String(decoding: stored.body, as: UTF8.self))")
        #expect(stored.json["transactionId"] is NSNull)
        let events = try await server.request("GET", "/v1/apps/com.example.agekit/events", admin: true)
        let first = (events.json["events"] as? [[String: Any]])?.first
        #expect(first?["accountId"] is NSNull, "\(String(decoding: events.body, as: UTF8.self))")
        server.terminate()
        let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        let acknowledged = lines.first { $0["status"] as? Int == 200 }
        #expect(acknowledged?["errorCode"] is NSNull, "\(lines)")
    }
}
