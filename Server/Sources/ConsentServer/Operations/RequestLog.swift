import Dispatch
import Foundation
import ServerTime
import Synchronization

/// One JSON line per request: route, status, duration, notification uuid and type, error
/// code. Never a payload or a token. Refusals are sampled (see ``RefusalSampling``): past
/// `refusalsPerSecond` of one kind in a second, one line then counts the rest.
package struct RequestLog: Sendable {
    /// Takes one line, UTF-8, without its newline.
    private let write: @Sendable ([UInt8]) -> Void
    private let sampling: Sampler

    /// `clock`: whose monotonic seconds the sampling counts by.
    package init(
        refusalsPerSecond: Int = 0, clock: any ServerClock = SystemClock(),
        write: @escaping @Sendable (String) -> Void
    ) {
        self.write = { line in write(String(decoding: line, as: UTF8.self)) }
        self.sampling = Sampler(perSecond: refusalsPerSecond, clock: clock)
    }

    /// Lines to `writer`, which buffers them off the request's path.
    package init(_ writer: LineWriter, refusalsPerSecond: Int = 20, clock: any ServerClock = SystemClock()) {
        self.write = writer.write
        self.sampling = Sampler(perSecond: refusalsPerSecond, clock: clock)
    }

    package static let discard = RequestLog { _ in }

    func log(method: String, route: String, reply: Reply, seconds: Double) {
        if let code = reply.errorCode {
            let kind = RefusalSampling.Kind(route: route, status: reply.response.status, code: code)
            guard sampling.admit(kind, log: self) else { return }
        }
        var line = JSONObjectWriter()
        line.add("time", Self.timestamp())
        line.add("method", method)
        line.add("route", route)
        line.add("status", reply.response.status)
        line.add("durationMs", (seconds * 100_000).rounded() / 100)
        line.add("notificationUUID", reply.notificationUUID)
        line.add("notificationType", reply.notificationType)
        line.add("errorCode", reply.errorCode)
        line.add("detail", reply.detail)
        write(line.bytes)
    }

    /// A refusal of the transport's own, sampled with the others. A connection closed without
    /// an answer has no status; one closed before its head was read has no method either.
    func log(_ refused: RefusedRequest, route: String) {
        let kind = RefusalSampling.Kind(route: route, status: refused.status ?? 0, code: refused.code)
        guard sampling.admit(kind, log: self) else { return }
        var line = JSONObjectWriter()
        line.add("time", Self.timestamp())
        line.add("method", refused.method)
        line.add("route", route)
        line.add("status", refused.status)
        line.add("errorCode", refused.code)
        write(line.bytes)
    }

    /// Writes the counts still held; the server calls it when it stops.
    package func finish() {
        write(sampling.roll(to: .max))
    }

    fileprivate func write(_ omitted: [RefusalSampling.Omitted]) {
        for entry in omitted {
            var line = JSONObjectWriter()
            line.add("time", Self.timestamp())
            line.add("route", entry.kind.route)
            line.add("status", entry.kind.status == 0 ? nil : entry.kind.status)  // 0: closed unanswered
            line.add("errorCode", entry.kind.code)
            line.add("omittedRefusals", entry.count)
            write(line.bytes)
        }
    }

    /// The sampling state, shared by every copy of the log; a timer writes the counts of a
    /// second no later refusal closes.
    private final class Sampler: Sendable {
        private let isSampling: Bool
        private let state: Mutex<RefusalSampling>
        private let queue = DispatchQueue(label: "agekit.log.sampling")
        private let clock: any ServerClock

        init(perSecond: Int, clock: any ServerClock) {
            self.clock = clock
            isSampling = perSecond > 0
            state = Mutex(RefusalSampling(perSecond: perSecond))
        }

        func admit(_ kind: RefusalSampling.Kind, log: RequestLog) -> Bool {
            guard isSampling else { return true }
            let now = second()
            let (write, ended, startedHolding) = state.withLock { sampling in
                let held = sampling.isHolding
                let (write, ended) = sampling.admit(kind, at: now)
                return (write, ended, !held && sampling.isHolding)
            }
            log.write(ended)
            if startedHolding {
                queue.asyncAfter(deadline: .now() + .milliseconds(1_050)) { [self] in
                    log.write(roll(to: second()))
                }
            }
            return write
        }

        func roll(to second: Int) -> [RefusalSampling.Omitted] {
            state.withLock { $0.roll(to: second) }
        }

        private func second() -> Int { Int(clock.monotonic()) }
    }

    /// UTC time with milliseconds, e.g. 2026-11-30T12:00:00.123Z.
    static func timestamp() -> String {
        let now = Platform.utcNow()
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
        append(now.year, digits: 4, then: "-")
        append(now.month, digits: 2, then: "-")
        append(now.day, digits: 2, then: "T")
        append(now.hour, digits: 2, then: ":")
        append(now.minute, digits: 2, then: ":")
        append(now.second, digits: 2, then: ".")
        append(now.millisecond, digits: 3, then: "Z")
        return String(decoding: text, as: UTF8.self)
    }
}
