import Synchronization

/// Idle OpenSSL working objects kept for reuse between calls: a caller takes one (or makes a
/// new one when none is idle), uses it alone, and gives it back; at most `capacity` are kept.
final class ReusePool<Element: Sendable>: Sendable {
    private let idle = Mutex<[Element]>([])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// An idle element, or `make()`'s.
    func take(orMake make: () -> Element?) -> Element? {
        idle.withLock { $0.popLast() } ?? make()
    }

    func giveBack(_ element: Element) {
        idle.withLock { pool in
            if pool.count < capacity { pool.append(element) }
        }
    }

    /// Drops the idle elements.
    func drain() {
        idle.withLock { $0.removeAll() }
    }

    /// Elements idle now (for tests).
    var idleCount: Int { idle.withLock { $0.count } }
}
