import Foundation
import Synchronization

/// One JSON line per request: route, status, duration, notification uuid and type, error
/// code. Never a payload or a token.
public struct RequestLog: Sendable {
    /// Takes one line, UTF-8, without its newline.
    private let write: @Sendable ([UInt8]) -> Void

    public init(write: @escaping @Sendable (String) -> Void) {
        self.write = { line in write(String(decoding: line, as: UTF8.self)) }
    }

    /// Lines to `writer`, which buffers them off the request's path.
    public init(_ writer: LineWriter) { self.write = writer.write }

    public static let discard = RequestLog { _ in }

    func log(method: String, route: String, reply: Reply, seconds: Double) {
        var line = JSONObjectWriter()
        line.add("time", Self.timestamp())
        line.add("method", method)
        line.add("route", route)
        line.add("status", reply.response.status)
        line.add("durationMs", (seconds * 100_000).rounded() / 100)
        line.add("notificationUUID", reply.notificationUUID)
        line.add("notificationType", reply.notificationType)
        line.add("errorCode", reply.errorCode)
        write(line.bytes)
    }

    /// UTC time with milliseconds, e.g. 2026-11-30T12:00:00.123Z.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        // Digits by hand: `String(format:)` costs microseconds on every request.
        var text: [UInt8] = []
        text.reserveCapacity(24)
        func append(_ value: Int, digits: Int, then separator: String) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
            text.append(contentsOf: separator.utf8)
        }
        append(Int(parts.tm_year) + 1900, digits: 4, then: "-")
        append(Int(parts.tm_mon) + 1, digits: 2, then: "-")
        append(Int(parts.tm_mday), digits: 2, then: "T")
        append(Int(parts.tm_hour), digits: 2, then: ":")
        append(Int(parts.tm_min), digits: 2, then: ":")
        append(Int(parts.tm_sec), digits: 2, then: ".")
        append(now.tv_nsec / 1_000_000, digits: 3, then: "Z")
        return String(decoding: text, as: UTF8.self)
    }
}
