import Foundation
import ServerTime
import Synchronization

/// A bound on how long a caller waits for a commit. Storage that stalls (a frozen file
/// system, a stopped database server) would otherwise hold every request, and the
/// connection carrying it, for the whole stall. Past the deadline the caller gets
/// `store_timeout` (503: Apple delivers again later). The write itself is not cancelled: if
/// it commits after all, the next delivery of the same UUID is a harmless duplicate.
package struct CommitDeadline: Sendable {
    package let seconds: Double
    let waiting: Expiries

    /// `timer` drives the expiries: a dispatch timer on the monotonic clock, or a test's own.
    package init(seconds: Double, timer: any ExpiryTimer = DispatchExpiryTimer()) {
        self.seconds = seconds
        waiting = Expiries(seconds: seconds, timer: timer)
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
        var ticking: (any ExpiryTicking)?
    }

    private let nanoseconds: UInt64
    private let timer: any ExpiryTimer
    private let state = Mutex(State())

    init(seconds: Double, timer: any ExpiryTimer) {
        nanoseconds = seconds > 0 && seconds.isFinite ? UInt64(seconds * 1e9) : 0
        self.timer = timer
    }

    deinit {
        state.withLock { $0.ticking?.cancel() }
    }

    func add(_ once: CommitDeadline.Once, expire: @escaping @Sendable () -> Void) {
        let entry = Entry(at: timer.nowNanoseconds + nanoseconds, once: once, expire: expire)
        state.withLock { state in
            state.entries.append(entry)
            guard state.ticking == nil else { return }
            state.ticking = timer.start(every: max(nanoseconds / 8, 1_000_000)) { [weak self] in self?.tick() }
        }
    }

    /// Whether a timer is ticking (tests).
    var isTicking: Bool { state.withLock { $0.ticking != nil } }

    /// Expires what is due; claimed entries at the head go too. The timer stops when nothing
    /// is left waiting, and `add` starts a new one.
    private func tick() {
        let now = timer.nowNanoseconds
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
                state.ticking?.cancel()
                state.ticking = nil
            } else if state.head >= 4096 {
                state.entries.removeFirst(state.head)
                state.head = 0
            }
            return due
        }
        for entry in due where entry.once.claim() { entry.expire() }
    }
}

/// What drives the commit deadlines: the time, and a tick that repeats until cancelled.
package protocol ExpiryTimer: Sendable {
    /// Nanoseconds on a clock that only moves forward.
    var nowNanoseconds: UInt64 { get }
    /// Calls `tick` every `interval` nanoseconds until the returned handle is cancelled.
    func start(every interval: UInt64, _ tick: @escaping @Sendable () -> Void) -> any ExpiryTicking
}

/// A repeating tick, until cancelled.
package protocol ExpiryTicking: Sendable {
    func cancel()
}

/// The real one: a dispatch timer, a quarter of a tick of leeway, and `clock`'s monotonic time.
package struct DispatchExpiryTimer: ExpiryTimer {
    private let clock: any ServerClock

    package init(clock: any ServerClock = SystemClock()) { self.clock = clock }

    package var nowNanoseconds: UInt64 { UInt64(max(0, clock.monotonic()) * 1e9) }

    package func start(every interval: UInt64, _ tick: @escaping @Sendable () -> Void) -> any ExpiryTicking {
        let timer = DispatchSource.makeTimerSource(queue: .global())
        let every = Int(interval)
        timer.schedule(
            deadline: .now() + .nanoseconds(every), repeating: .nanoseconds(every), leeway: .nanoseconds(every / 4))
        timer.setEventHandler(handler: tick)
        timer.resume()
        return DispatchTicking(timer)
    }
}

private final class DispatchTicking: ExpiryTicking, @unchecked Sendable {
    // A dispatch source may be cancelled from any thread.
    private let timer: any DispatchSourceTimer

    init(_ timer: any DispatchSourceTimer) { self.timer = timer }

    func cancel() { timer.cancel() }
}
