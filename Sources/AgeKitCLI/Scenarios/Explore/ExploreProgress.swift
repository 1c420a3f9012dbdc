import Foundation
import Synchronization

/// Progress of a long sweep on standard error: nothing for the first second (a short run
/// stays quiet), then at most one line a second, and the last cell.
final class ExploreProgress: Sendable {
    private let console: Console
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let lastLine: Mutex<ContinuousClock.Instant?> = Mutex(nil)

    /// - Parameter start: when the sweep began (now by default; tests give an earlier one).
    init(console: Console, start: ContinuousClock.Instant = ContinuousClock().now) {
        self.console = console
        self.start = start
    }

    func report(_ done: Int, _ total: Int) {
        let now = clock.now
        guard now - start >= .seconds(1) else { return }
        let due = lastLine.withLock { last in
            guard done == total || last.map({ now - $0 >= .seconds(1) }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        let percent = total == 0 ? 100 : done * 100 / total
        console.err("explore: \(done)/\(total) cells (\(percent)%)")
    }
}
