import ConsentServer
import Foundation
import TestSupport
import Testing

@Suite("HTTP transport over a real socket")
struct TransportTests {
    @Test(arguments: [1, 2, 4])
    func echoesMethodPathQueryHeadersAndBody(threads: Int) throws {
        let server = try startedServer(EchoResponder()) { $0.threads = threads }
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        try connection.send(
            "POST /v2/echo?b=2&a=x%20y HTTP/1.1\r\nHost: test\r\nX-Echo: hello\r\nContent-Length: 5\r\n\r\nabcde")
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["x-method"] == "POST")
        #expect(response.headers["x-path"] == "/v2/echo")
        #expect(response.headers["x-query"] == "a=x y&b=2")
        #expect(response.headers["x-echo"] == "hello")
        #expect(response.text == "abcde")
    }

    @Test func thePathKeepsItsEscapesAndTheQueryIsDecodedOnceAndKeepsEmptyValues() throws {
        let server = try startedServer(EchoResponder())
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        try connection.send("GET /v1/apps/a%2Eb/x%2500?flag&after=1%32&c=%2541 HTTP/1.1\r\nHost: test\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.headers["x-path"] == "/v1/apps/a%2Eb/x%2500")
        #expect(response.headers["x-query"] == "after=12&c=%41&flag=")
    }

    @Test func aResponseHeaderWithALineBreakIsDropped() throws {
        struct Injecting: HTTPResponder {
            func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
                reply(
                    HTTPResponse(
                        status: 200,
                        headers: [(name: "X-Bad", value: "a\r\nInjected: yes"), (name: "X-Good", value: "fine")]))
            }
        }
        let server = try startedServer(Injecting())
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        try connection.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["injected"] == nil)
        #expect(response.headers["x-bad"] == nil)
        #expect(response.headers["x-good"] == "fine")
    }

    @Test func keepsTheConnectionAliveAcrossRequests() throws {
        let server = try startedServer(EchoResponder())
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        for index in 0..<3 {
            try connection.send("POST /n HTTP/1.1\r\nHost: test\r\nContent-Length: 1\r\n\r\n\(index)")
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "\(index)")
        }
    }

    @Test func chunkedBodiesAreAssembled() throws {
        let server = try startedServer(EchoResponder())
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        try connection.send(
            "POST /c HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "abcde")
    }

    @Test func aReplyFromAnotherThreadAfterADelayIsSent() throws {
        let responder = DeferredResponder(gated: true)
        let server = try startedServer(responder)
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        for _ in 0..<2 {
            try connection.send("GET /late HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(responder.arrived.wait(timeout: .now() + 5) == .success)
            // `respond` returned without a reply: the request waits, in flight, until the
            // responder sends it from another thread.
            #expect(waitUntil { server.requestsInFlight == 1 }, "the request is not in flight")
            responder.release()
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["x-late"] == "yes")
            #expect(response.text == "late")
        }
    }

    @Test func manyConcurrentDeferredRepliesAllArrive() throws {
        let server = try startedServer(DeferredResponder(gated: false)) { $0.threads = 2 }
        defer { server.stop() }
        let failures = DispatchQueue(label: "failures")
        nonisolated(unsafe) var statuses: [Int] = []
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            var local: [Int] = []
            if let connection = try? TestConnection(port: server.port) {
                for _ in 0..<20 {
                    try? connection.send("GET /x HTTP/1.1\r\nHost: test\r\n\r\n")
                    local.append((try? connection.readResponse().status) ?? -1)
                }
            }
            failures.sync { statuses += local }
        }
        #expect(statuses.count == 320)
        #expect(statuses.allSatisfy { $0 == 200 })
    }

    /// Replies now, from another thread at once (racing the suspension) or a little later,
    /// chosen by the path: every request must get exactly its own answer.
    @Test func repliesRacingTheSuspensionAreNeverLost() throws {
        struct MixedResponder: HTTPResponder {
            func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
                let answer = HTTPResponse(status: 200, body: Array(request.path.utf8))
                switch request.path.count % 3 {
                case 0: reply(answer)
                case 1: DispatchQueue.global().async { reply(answer) }
                default: DispatchQueue.global().asyncAfter(deadline: .now() + 0.002) { reply(answer) }
                }
            }
        }
        let server = try startedServer(MixedResponder()) { $0.threads = 2 }
        defer { server.stop() }
        let lock = NSLock()
        nonisolated(unsafe) var mismatches = 0
        nonisolated(unsafe) var answered = 0
        DispatchQueue.concurrentPerform(iterations: 8) { client in
            guard let connection = try? TestConnection(port: server.port) else { return }
            for index in 0..<150 {
                let path = "/c\(client)/" + String(repeating: "p", count: index % 7)
                try? connection.send("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n")
                let response = try? connection.readResponse()
                lock.lock()
                if response?.text == path { answered += 1 } else { mismatches += 1 }
                lock.unlock()
            }
        }
        #expect(mismatches == 0)
        #expect(answered == 8 * 150)
    }

    @Test func aDeclaredOversizedBodyGets413WithItsCode() throws {
        let server = try startedServer(EchoResponder())
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        let body = [UInt8](repeating: 0x61, count: 300 * 1024)
        try connection.send("POST /big HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.count)\r\n\r\n")
        try? connection.send(body)
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.text.contains(#""code":"body_too_large""#))
    }

    @Test func aBodyFarBeyondTheLimitIsRefusedBeforeItIsSent() throws {
        let server = try startedServer(EchoResponder())
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        // Headers only: the answer must not wait for 10 MiB that never come.
        try connection.send("POST /huge HTTP/1.1\r\nHost: test\r\nContent-Length: \(10 << 20)\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.text.contains(#""code":"body_too_large""#))
    }

    @Test func aChunkedOversizedBodyGets413WithItsCode() throws {
        let server = try startedServer(EchoResponder()) { $0.maxBodyBytes = 1024 }
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        let chunk = String(repeating: "z", count: 600)
        try connection.send(
            "POST /big HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n0\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.text.contains(#""code":"body_too_large""#))
    }

    @Test func aBodyAtTheLimitIsAccepted() throws {
        let server = try startedServer(EchoResponder()) { $0.maxBodyBytes = 1024 }
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        try connection.send("POST /ok HTTP/1.1\r\nHost: test\r\nContent-Length: 1024\r\n\r\n")
        try connection.send([UInt8](repeating: 0x62, count: 1024))
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.body.count == 1024)
    }

    @Test func aBodyFarLargerThanTheConnectionMemoryArrivesWhole() throws {
        // agekit serve's default memory per connection.
        let server = try startedServer(EchoResponder()) { $0.memoryPerConnectionBytes = 16 * 1024 }
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        let body = (0..<(200 * 1024)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        try connection.send("POST /big HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.count)\r\n\r\n")
        try connection.send(body)
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.body == body)
    }

    @Test func anOversizedHeaderGets431() throws {
        let server = try startedServer(EchoResponder())
        defer { server.stop() }
        let connection = try TestConnection(port: server.port)
        let huge = String(repeating: "h", count: 100 * 1024)
        try? connection.send("GET / HTTP/1.1\r\nHost: test\r\nX-Huge: \(huge)\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 431)
    }

    /// At the limit libmicrohttpd stops accepting: a further client waits in the listen
    /// backlog, unserved, until a connection closes.
    @Test func connectionsBeyondTheLimitWaitForAFreeSlot() throws {
        let server = try startedServer(EchoResponder()) { $0.maxConnections = 2 }
        defer { server.stop() }
        let first = try TestConnection(port: server.port)
        let second = try TestConnection(port: server.port)
        for connection in [first, second] {
            try connection.send("GET / HTTP/1.1\r\nHost: test\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
        }
        let third = try TestConnection(port: server.port)
        third.setReceiveTimeout(milliseconds: 500)
        try third.send("GET /third HTTP/1.1\r\nHost: test\r\n\r\n")
        #expect(throws: TestConnection.Failure.self) { _ = try third.readResponse() }
        first.hangUp()
        second.hangUp()
        third.setReceiveTimeout(milliseconds: 5000)
        let response = try third.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["x-path"] == "/third")
    }

    @Test func aSlowClientIsDisconnectedAfterTheIdleTimeout() throws {
        let server = try startedServer(EchoResponder()) { $0.idleTimeoutSeconds = 1 }
        defer { server.stop() }
        let connection = try TestConnection(port: server.port, receiveTimeoutSeconds: 5)
        let started = Date()
        try connection.send("GET /slow HTTP/1.1\r\nHost: te")
        #expect(try connection.waitForClose())
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.5)
        #expect(elapsed < 4)
    }
}
