import Foundation
import Synchronization

/// The recovery schedules' timers: loops that run their work, then wait, until stopped.
final class RepeatingTasks: Sendable {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// Runs `work` now, then every `interval` seconds after each run ends, until ``stop``.
    func every(_ interval: Double, _ work: @escaping @Sendable () async -> Void) {
        let task = Task {
            while !Task.isCancelled {
                await work()
                try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            }
        }
        tasks.withLock { $0.append(task) }
    }

    /// Cancels the loops and waits (at most `timeoutSeconds`) for a run in flight to stop at
    /// its next step, so nothing reaches the store after it closes.
    func stop(timeoutSeconds: Double) {
        let running = tasks.withLock { tasks in
            defer { tasks = [] }
            return tasks
        }
        running.forEach { $0.cancel() }
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            for task in running { await task.value }
            finished.signal()
        }
        _ = finished.wait(timeout: .now() + timeoutSeconds)
    }
}
