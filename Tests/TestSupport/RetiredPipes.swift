import Foundation

/// Pipes whose readability handler was removed, kept open until the test process ends.
///
/// Removing the handler cancels its dispatch source asynchronously: a pipe freed at once closes
/// its descriptor under the dispatch event loop, and the next file to take the number can crash
/// that loop (SIGSEGV in `_dispatch_event_loop_drain`, seen once). Two descriptors a pipe.
public enum RetiredPipes {
    nonisolated(unsafe) private static var pipes: [Pipe] = []
    private static let lock = NSLock()

    public static func keep(_ pipe: Pipe) {
        lock.lock()
        pipes.append(pipe)
        lock.unlock()
    }
}
