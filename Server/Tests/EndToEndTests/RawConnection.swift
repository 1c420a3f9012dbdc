import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to the server from a chosen loopback address (127.0.0.2 and so on
/// stand for other clients), for requests no HTTP client library would send.
final class RawConnection {
    let socket: Int32

    /// Nil when the connection is refused or closed during the handshake.
    init?(port: UInt16, from source: String = "127.0.0.1") {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, connected == 0 else {
            // No close here: deinit runs for an initializer that fails once `socket` is set, and
            // a second close would shut whatever descriptor took the number meanwhile.
            return nil
        }
    }

    deinit { if socket >= 0 { close(socket) } }

    /// False when the server has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            == bytes.count
    }

    /// Everything the server sends within `seconds`, and whether it closed the connection then.
    /// The socket is looked at at least once, however late this thread runs: a close that
    /// came long before is reported even when the thread was descheduled past `seconds`.
    func read(seconds: Double) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let left = max(0, deadline.timeIntervalSinceNow)
            if Self.readable(socket, within: left) {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0 { return (String(decoding: received, as: UTF8.self), true) }
                received.append(contentsOf: buffer[0..<count])
            } else if left == 0 {
                return (String(decoding: received, as: UTF8.self), false)
            }
        }
    }

    /// One whole response (its head, and as many body bytes as its Content-Length says), as
    /// soon as it is in; less if the connection closed or `seconds` passed first.
    func readResponse(seconds: Double) -> String {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var byte = [UInt8](repeating: 0, count: 1)
        while !Self.isWhole(received) {
            let left = max(0, deadline.timeIntervalSinceNow)
            guard Self.readable(socket, within: left) else {
                if left == 0 { break }
                continue
            }
            // A byte at a time: nothing of the next response is taken from the socket.
            guard recv(socket, &byte, 1, 0) == 1 else { break }
            received.append(byte[0])
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether `socket` has bytes or an end to read within `seconds` (0: now, without waiting).
    private static func readable(_ socket: Int32, within seconds: Double) -> Bool {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, seconds > 0 ? Int32(seconds * 1000) + 1 : 0) > 0
    }

    private static func isWhole(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        let length =
            head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text.utf8.count - text[..<end.upperBound].utf8.count >= length
    }

    /// The status of the first response in `text`, or nil.
    static func status(_ text: String) -> Int? {
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }

    /// How many responses `text` holds.
    static func responseCount(_ text: String) -> Int {
        text.components(separatedBy: "HTTP/1.1 ").count - 1
    }
}
