import Foundation
import Synchronization
import TestSupport
import Testing

/// A crowd that reconnects the moment it is cut, a little over capacity, from a few
/// addresses: honest uploads that take a second must still be answered.
@Suite("connection churn end to end")
struct ChurnEndToEndTests {
    final class Crowd: Sendable {
        let stop = Atomic(false)
        let reconnects = Atomic(0)
    }

    @Test("under a reconnecting flood over capacity, uploads lasting 1 s are answered")
    func honestUploadsSurviveChurn() async throws {
        let server = try ServerProcess.configured(
            #"{"localTesting": true, "http": {"maxConnections": 60, "maxConnectionsPerAddress": 30, "idleTimeoutSeconds": 120}}"#,
            label: "churn")
        defer { server.terminate() }
        let port = server.port
        let crowdState = Crowd()
        // Six addresses, twelve connections each (72 for 60 slots), each reopened at once
        // when the server cuts it; bounded by `stop` and by 20 s.
        // One thread an address (a pool as wide as the cores would run two at a time).
        let crowd = (0..<6).map { address in
            Thread {
                var connections: [RawConnection?] = Array(repeating: nil, count: 12)
                let started = Date()
                while !crowdState.stop.load(ordering: .relaxed) && Date().timeIntervalSince(started) < 20 {
                    for index in connections.indices {
                        if let connection = connections[index], !connection.read(seconds: 0.002).closed { continue }
                        connections[index] = RawConnection(port: port, from: "127.0.0.\(30 + address)")
                        connections[index]?.send("P")
                        crowdState.reconnects.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        crowd.forEach { $0.start() }
        defer { crowdState.stop.store(true, ordering: .relaxed) }
        try await Task.sleep(for: .seconds(2))

        let body = #"{"signedPayload":"\#(String(repeating: "x", count: 2_500))"}"#
        var answered = 0
        for upload in 0..<5 {
            guard let connection = RawConnection(port: port, from: "127.0.0.\(60 + upload)") else { continue }
            connection.send(
                "POST /v2/notifications HTTP/1.1\r\nHost: a\r\nConnection: close\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n")
            // The body in five parts over a second (2.5 KB/s, above the minimum rate).
            let parts = stride(from: 0, to: body.utf8.count, by: body.utf8.count / 5 + 1).map { start in
                String(body.utf8.dropFirst(start).prefix(body.utf8.count / 5 + 1))!
            }
            for part in parts {
                try await Task.sleep(for: .milliseconds(200))
                connection.send(part)
            }
            if RawConnection.status(connection.read(seconds: 5).text) != nil { answered += 1 }
        }
        crowdState.stop.store(true, ordering: .relaxed)
        #expect(answered == 5, "\(answered) of 5 uploads answered")
        #expect(crowdState.reconnects.load(ordering: .relaxed) > 72, "the crowd never churned")
        #expect(try await server.request("GET", "/healthz").status == 200)
    }
}
