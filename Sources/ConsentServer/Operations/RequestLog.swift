import Foundation
import Synchronization

/// One JSON line per request: route, status, duration, notification uuid and type, error
/// code. Never a payload or a token.
public struct RequestLog: Sendable {
    private let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Standard error, one line per write.
    public static let standardError = RequestLog { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

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
        write(line.string)
    }

    /// UTC time with milliseconds, e.g. 2026-11-30T12:00:00.123Z.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec, now.tv_nsec / 1_000_000)
    }
}
