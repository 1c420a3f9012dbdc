import Foundation
import ServerTime
import Synchronization

/// Progress of long work on standard error: nothing for the first second (a short run stays
/// quiet), then at most one line a second with an estimate of the time left, and the last
/// step with the time it took: `explore: 5514/8820 cells (62%), about 3 s left`.
final class ProgressLine: Sendable {
    private let label: String
    private let unit: String
    private let console: Console
    private let clock: any ServerClock
    /// Monotonic seconds, as are the lines' times.
    private let start: Double
    private let lastLine: Mutex<Double?> = Mutex(nil)

    /// - Parameters:
    ///   - label: the command, which starts each line (`explore`).
    ///   - unit: what is counted (`cells`).
    ///   - clock: the work begins at its now (tests move their own).
    init(_ label: String, unit: String, console: Console, clock: any ServerClock = SystemClock()) {
        self.label = label
        self.unit = unit
        self.console = console
        self.clock = clock
        self.start = clock.monotonic()
    }

    /// Reports `done` of `total`; the estimate assumes the rest goes at the pace so far.
    func report(_ done: Int, _ total: Int) {
        let now = clock.monotonic()
        let elapsed = now - start
        guard elapsed >= 1 else { return }
        let due = lastLine.withLock { last in
            guard done == total || last.map({ now - $0 >= 1 }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        console.err(Self.line(label, unit, done: done, total: total, elapsed: .seconds(elapsed)))
    }

    static func line(_ label: String, _ unit: String, done: Int, total: Int, elapsed: Duration) -> String {
        let percent = total == 0 ? 100 : done * 100 / total
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let head = "\(label): \(done)/\(total) \(unit) (\(percent)%)"
        if done >= total { return head + ", done in \(Self.seconds(seconds))" }
        guard done > 0 else { return head }
        return head + ", about \(Self.seconds(seconds * Double(total - done) / Double(done))) left"
    }

    /// Whole seconds, or tenths below ten.
    static func seconds(_ value: Double) -> String {
        value < 10 ? String(format: "%.1f s", value) : "\(Int(value.rounded())) s"
    }
}
