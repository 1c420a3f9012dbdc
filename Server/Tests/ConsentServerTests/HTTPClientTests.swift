import Foundation
import Synchronization
import Testing

@testable import ConsentServer

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback server for one connection: it reads the request's head (and the body its
/// Content-Length announces), then answers with exact bytes, or with nothing.
final class OneShotServer: Sendable {
    let port: UInt16
    let received = Mutex<[UInt8]>([])
    private let listener: Int32

    /// `answer` nil: the server reads the request and stays silent until the client hangs up
    /// (10 s at most).
    init(answer: [UInt8]?) throws {
        (listener, port) = try Self.loopbackSocket(listening: true)
        let thread = Thread { [self] in serve(answer: answer) }
        thread.start()
    }

    private func serve(answer: [UInt8]?) {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !Self.requestIsWhole(bytes) {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        received.withLock { $0 = bytes }
        if let answer {
            _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        } else {
            var limit = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            while recv(connection, &buffer, buffer.count, 0) > 0 {}
        }
        close(connection)
    }

    deinit { close(listener) }

    /// A TCP socket bound to a free port of 127.0.0.1, and the port.
    static func loopbackSocket(listening: Bool) throws -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, size) == 0 && (!listening || listen(descriptor, 4) == 0)
                    && getsockname(descriptor, $0, &size) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw HTTPClientTestFailure(description: "cannot bind 127.0.0.1: errno \(errno)")
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    var request: String { String(decoding: received.withLock { $0 }, as: UTF8.self) }
    var url: URL { URL(string: "http://127.0.0.1:\(port)/hook/a%2Fb?x=1%202")! }

    private static func requestIsWhole(_ bytes: [UInt8]) -> Bool {
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else { return false }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).lowercased()
        let length =
            head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return bytes.count - end.upperBound >= length
    }
}

struct HTTPClientTestFailure: Error, CustomStringConvertible {
    var description: String
}

@Suite("The server's HTTP client")
struct HTTPClientTests {
    let client = NetworkHTTPClient()

    @Test("a POST goes out whole, with the path and query as encoded in the URL, and its answer comes back")
    func postAndAnswer() throws {
        let server = try OneShotServer(
            answer: Array("HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX-Thing: yes\r\n\r\nhello".utf8))
        let answer = try client.send(
            HTTPClientRequest(
                "POST", server.url, headers: ["Content-Type": "application/json"], body: Array(#"{"a":1}"#.utf8),
                timeoutSeconds: 5))
        #expect(
            answer
                == HTTPClientResponse(
                    status: 201, headers: ["content-length": "5", "x-thing": "yes"], body: Array("hello".utf8)))
        let request = server.request
        #expect(
            request.hasPrefix("POST /hook/a%2Fb?x=1%202 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"), "\(request)")
        #expect(request.contains("Content-Type: application/json\r\n"))
        #expect(request.contains("Content-Length: 7\r\n"))
        #expect(request.hasSuffix("Connection: close\r\n\r\n{\"a\":1}"), "\(request)")
    }

    @Test("a chunked answer is put together; one read to the close is taken whole")
    func chunkedAndClose() throws {
        let chunked = try OneShotServer(
            answer: Array(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;x=y\r\nwiki\r\n5\r\npedia\r\n0\r\n\r\n".utf8))
        #expect(
            try client.send(HTTPClientRequest("GET", chunked.url, timeoutSeconds: 5)).body == Array("wikipedia".utf8))
        let unframed = try OneShotServer(answer: Array("HTTP/1.1 200 OK\r\n\r\nto the end".utf8))
        #expect(
            try client.send(HTTPClientRequest("GET", unframed.url, timeoutSeconds: 5)).body == Array("to the end".utf8))
    }

    @Test("a redirect is an answer, never followed")
    func redirectIsAnAnswer() throws {
        let server = try OneShotServer(
            answer: Array("HTTP/1.1 307 Temporary Redirect\r\nLocation: /elsewhere\r\nContent-Length: 0\r\n\r\n".utf8))
        let answer = try client.send(HTTPClientRequest("POST", server.url, body: [1], timeoutSeconds: 5))
        #expect(answer.status == 307)
        #expect(answer.headers["location"] == "/elsewhere")
    }

    @Test("no answer in time, a cut answer, a close before answering and nothing listening each say so")
    func failures() throws {
        let silent = try OneShotServer(answer: nil)
        let started = Date()
        #expect(throws: ServerError(.noAnswer, "no answer from 127.0.0.1:\(silent.port) in time")) {
            try client.send(HTTPClientRequest("GET", silent.url, timeoutSeconds: 0.3))
        }
        #expect(Date().timeIntervalSince(started) < 2.5, "the deadline held the whole exchange")

        let cut = try OneShotServer(answer: Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8))
        #expect(throws: ServerError(.noAnswer, "127.0.0.1:\(cut.port) sent 3 of the 10 bytes its answer announced")) {
            try client.send(HTTPClientRequest("GET", cut.url, timeoutSeconds: 5))
        }
        let closed = try OneShotServer(answer: [])
        #expect(throws: ServerError(.noAnswer, "127.0.0.1:\(closed.port) closed the connection without answering")) {
            try client.send(HTTPClientRequest("GET", closed.url, timeoutSeconds: 5))
        }
        let port = try Self.portWithNothingListening()
        do {
            _ = try client.send(HTTPClientRequest("GET", URL(string: "http://127.0.0.1:\(port)/")!, timeoutSeconds: 5))
            Issue.record("an answer from a port with nothing listening")
        } catch {
            #expect(error.reason == "cannot connect to 127.0.0.1:\(port): Connection refused", "\(error.reason)")
        }
        let notHTTP = try OneShotServer(answer: Array("SSH-2.0-OpenSSH\r\n\r\n".utf8))
        #expect(throws: ServerError(.noAnswer, "not an HTTP/1.1 answer: SSH-2.0-OpenSSH")) {
            try client.send(HTTPClientRequest("GET", notHTTP.url, timeoutSeconds: 5))
        }
    }

    /// A loopback port that was bound a moment ago and is free again.
    static func portWithNothingListening() throws -> UInt16 {
        let (descriptor, port) = try OneShotServer.loopbackSocket(listening: false)
        close(descriptor)
        return port
    }

    @Test("a field with a line break is refused before anything is sent; other schemes are refused")
    func refusedRequests() throws {
        let url = URL(string: "http://127.0.0.1:9/")!
        #expect(throws: ServerError.self) {
            try client.send(HTTPClientRequest("POST", url, headers: ["X-A": "1\r\nX-Injected: 2"], timeoutSeconds: 1))
        }
        #expect(throws: ServerError(.noAnswer, "not an http:// or https:// URL with a host: ftp://example.com/x")) {
            try client.send(HTTPClientRequest("GET", URL(string: "ftp://example.com/x")!, timeoutSeconds: 1))
        }
    }

    @Test("an IPv6 address, default ports and the Host field")
    func targets() throws {
        let v6 = try NetworkHTTPClient.Target(URL(string: "https://[::1]:8443/a?b=c")!)
        #expect(
            (v6.secure, v6.host, v6.port, v6.hostField, v6.pathAndQuery) == (true, "::1", 8443, "[::1]:8443", "/a?b=c"))
        let plain = try NetworkHTTPClient.Target(URL(string: "http://example.com")!)
        #expect(
            (plain.secure, plain.host, plain.port, plain.hostField, plain.pathAndQuery) == (
                false, "example.com", 80, "example.com", "/"
            ))
        #expect(try NetworkHTTPClient.Target(URL(string: "https://example.com/x")!).port == 443)
    }

    @Test("answers are whole by their framing, and only then")
    func framing() throws {
        func whole(_ text: String, _ method: String = "GET") throws -> Bool {
            try HTTPAnswerParser.isWhole(Array(text.utf8), method: method)
        }
        #expect(try !whole("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n"))
        #expect(try !whole("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nab"))
        #expect(try whole("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc"))
        #expect(try whole("HTTP/1.1 204 No Content\r\n\r\n"))
        #expect(try whole("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\n", "HEAD"))
        #expect(try !whole("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"))
        #expect(try whole("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"))
        #expect(try !whole("HTTP/1.1 200 OK\r\n\r\nuntil the close"))
        #expect(throws: ServerError.self) { try whole("garbage\r\n\r\n") }
    }
}
