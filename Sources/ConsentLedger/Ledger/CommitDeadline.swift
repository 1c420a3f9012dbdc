import Foundation
import Synchronization

/// A bound on how long a caller waits for a commit. Storage that stalls (a frozen file
/// system, a stopped database server) would otherwise hold every request, and the
/// connection carrying it, for the whole stall. Past the deadline the caller gets
/// `store_timeout` (503: Apple delivers again later). The write itself is not cancelled: if
/// it commits after all, the next delivery of the same UUID is a harmless duplicate.
package struct CommitDeadline: Sendable {
    package let seconds: Double
    let waiting: Expiries

    package init(seconds: Double) {
        self.seconds = seconds
        waiting = Expiries(seconds: seconds)
    }

    /// `completion` wrapped so that it runs exactly once: with the result, or with
    /// `store_timeout` once the deadline has passed (at most an eighth of it late),
    /// whichever comes first.
    func guarding<T: Sendable>(
        _ completion: @escaping @Sendable (Result<T, LedgerError>) -> Void
    ) -> @Sendable (Result<T, LedgerError>) -> Void {
        guard seconds > 0, seconds.isFinite else { return completion }
        let once = Once()
        let limit = seconds
        waiting.add(once) {
            completion(
                .failure(LedgerError(.timedOut, "the store did not commit within \(Int(limit * 1000)) ms")))
        }
        return { result in
            guard once.claim() else { return }
            completion(result)
        }
    }

    final class Once: Sendable {
        private let done = Atomic<Bool>(false)
        func claim() -> Bool { !done.exchange(true, ordering: .acquiringAndReleasing) }
        var isClaimed: Bool { done.load(ordering: .acquiring) }
    }
}

/// The deadlines of one length, in the order they were set, which is also the order they
/// expire in: one timer, ticking eight times per deadline while any is waiting, expires
/// them. A dispatch timer per commit cost a timer-thread wake-up and a worker wake-up for
/// every notification.
final class Expiries: Sendable {
    private struct Entry {
        let at: UInt64
        let once: CommitDeadline.Once
        let expire: @Sendable () -> Void
    }

    private struct State {
        var entries: [Entry] = []
        var head = 0
        var timer: (any DispatchSourceTimer)?
    }

    private let nanoseconds: UInt64
    private let state = Mutex(State())

    init(seconds: Double) {
        nanoseconds = seconds > 0 && seconds.isFinite ? UInt64(seconds * 1e9) : 0
    }

    deinit {
        state.withLock { $0.timer?.cancel() }
    }

    func add(_ once: CommitDeadline.Once, expire: @escaping @Sendable () -> Void) {
        let entry = Entry(at: DispatchTime.now().uptimeNanoseconds + nanoseconds, once: once, expire: expire)
        state.withLock { state in
            state.entries.append(entry)
            guard state.timer == nil else { return }
            let tick = Int(max(nanoseconds / 8, 1_000_000))
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(
                deadline: .now() + .nanoseconds(tick), repeating: .nanoseconds(tick), leeway: .nanoseconds(tick / 4))
            timer.setEventHandler { [weak self] in self?.tick() }
            state.timer = timer
            timer.resume()
        }
    }

    /// Whether a timer is ticking (tests).
    var isTicking: Bool { state.withLock { $0.timer != nil } }

    /// Expires what is due; claimed entries at the head go too. The timer stops when nothing
    /// is left waiting, and `add` starts a new one.
    private func tick() {
        let now = DispatchTime.now().uptimeNanoseconds
        let due: [Entry] = state.withLock { state in
            var due: [Entry] = []
            while state.head < state.entries.count {
                let entry = state.entries[state.head]
                if entry.once.isClaimed {
                    state.head += 1
                } else if entry.at <= now {
                    due.append(entry)
                    state.head += 1
                } else {
                    break
                }
            }
            if state.head == state.entries.count {
                state.entries.removeAll(keepingCapacity: true)
                state.head = 0
                state.timer?.cancel()
                state.timer = nil
            } else if state.head >= 4096 {
                state.entries.removeFirst(state.head)
                state.head = 0
            }
            return due
        }
        for entry in due where entry.once.claim() { entry.expire() }
    }
}
