import Foundation
import Synchronization

/// One JSON line per request: route, status, duration, notification uuid and type, error
/// code. Never a payload or a token.
public struct RequestLog: Sendable {
    public struct Line: Encodable, Sendable {
        var time: String
        var method: String
        var route: String
        var status: Int
        var durationMs: Double
        var notificationUUID: String?
        var notificationType: String?
        var errorCode: String?
    }

    private let write: @Sendable (String) -> Void

    public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Standard error, one line per write.
    public static let standardError = RequestLog { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public static let discard = RequestLog { _ in }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }()

    func log(method: String, route: String, reply: Reply, seconds: Double) {
        let line = Line(
            time: Date().formatted(.iso8601), method: method, route: route, status: reply.response.status,
            durationMs: (seconds * 100_000).rounded() / 100, notificationUUID: reply.notificationUUID,
            notificationType: reply.notificationType, errorCode: reply.errorCode)
        guard let data = try? Self.encoder.encode(line) else { return }
        write(String(decoding: data, as: UTF8.self))
    }
}
