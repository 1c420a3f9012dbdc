import Foundation

/// How often something happened on the scripted device (a sequence handed out, a next element
/// asked for), and the tests that wait for a number of times: a test waits for the bridge to get
/// there, not for time to pass.
package final class MirrorTally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    package init() {}

    /// Counts one more time and wakes the waiters it satisfies.
    package func add() {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            count += 1
            let ready = waiters.filter { $0.count <= count }.map(\.continuation)
            waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once it happened at least `count` times.
    package func wait(for count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached: Bool = lock.withLock {
                if self.count >= count { return true }
                waiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }
}
