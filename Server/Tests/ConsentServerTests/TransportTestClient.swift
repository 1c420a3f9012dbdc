import ConsentServer
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A plain blocking TCP client for transport tests: it sends exact bytes (half requests,
/// huge headers) that an HTTP client library would refuse to send.
final class TestConnection {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: UInt16, receiveTimeoutSeconds: Int = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            // No close here: deinit runs for an initializer that throws once `fd` is set, and a
            // second close would shut whatever socket took the number meanwhile (the server's).
            throw Failure(description: "connect to port \(port) failed: errno \(errno)")
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Closes both directions now, as a client that leaves would.
    func hangUp() { shutdown(fd, Int32(SHUT_RDWR)) }

    func setReceiveTimeout(milliseconds: Int) {
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            sent += n
        }
    }

    /// Reads once; nil when the peer closed (or reset) the connection.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            buffer.append(contentsOf: chunk[..<n])
            return true
        }
        if n == 0 || errno == ECONNRESET { return false }
        throw Failure(description: "receive failed or timed out: errno \(errno)")
    }

    /// Reads one response with a Content-Length body.
    func readResponse() throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var end: Int?
        while end == nil {
            end = buffer.firstRange(of: separator)?.upperBound
            if end == nil, try !fill() { throw Failure(description: "connection closed before a response") }
        }
        let head = String(decoding: buffer[..<end!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < end! + length {
            if try !fill() { throw Failure(description: "connection closed inside a body") }
        }
        let body = Array(buffer[end!..<(end! + length)])
        buffer.removeFirst(end! + length)
        return Response(status: status, headers: headers, body: body)
    }

    /// True when the server closes the connection within the receive timeout.
    func waitForClose() throws -> Bool {
        while true {
            do {
                if try !fill() { return true }
            } catch {
                return false
            }
        }
    }
}

/// Replies at once with the request echoed: method, path, query, one header and the body.
struct EchoResponder: HTTPResponder {
    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        reply(
            HTTPResponse(
                status: 200,
                headers: [
                    (name: "Content-Type", value: "application/octet-stream"),
                    (name: "X-Method", value: request.method), (name: "X-Path", value: request.path),
                    (name: "X-Query", value: query), (name: "X-Echo", value: request.headers["x-echo"] ?? "-"),
                ],
                body: request.body))
    }
}

/// Replies from another thread, after `respond` returned: at once, or, when gated, only when
/// the test calls ``release()``; signals each arrival.
final class DeferredResponder: HTTPResponder {
    let arrived = DispatchSemaphore(value: 0)
    private let gated: Bool
    private let held = Mutex<[@Sendable (HTTPResponse) -> Void]>([])

    /// `gated`: each reply waits for a ``release()``; otherwise it goes out at once.
    init(gated: Bool) {
        self.gated = gated
    }

    func respond(to request: HTTPRequest, reply: @escaping @Sendable (HTTPResponse) -> Void) {
        if gated {
            held.withLock { $0.append(reply) }
        } else {
            Self.send(reply)
        }
        // After the reply is held: a test that releases on arrival must find it there.
        arrived.signal()
    }

    /// Sends the replies held so far; later ones wait for the next release.
    func release() {
        let replies = held.withLock { held in
            defer { held = [] }
            return held
        }
        replies.forEach(Self.send)
    }

    private static func send(_ reply: @escaping @Sendable (HTTPResponse) -> Void) {
        // A thread of its own: test clients blocking on sockets must not starve the reply.
        Thread.detachNewThread {
            reply(HTTPResponse(status: 200, headers: [(name: "X-Late", value: "yes")], body: Array("late".utf8)))
        }
    }
}

/// Starts a server on a free loopback port.
func startedServer(
    _ responder: any HTTPResponder, configure: (inout HTTPServerConfiguration) -> Void = { _ in }
)
    throws -> HTTPServer
{
    var configuration = HTTPServerConfiguration(port: 0)
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, responder: responder)
    try server.start()
    return server
}
