import Dispatch
import Foundation
import Synchronization

/// Log lines gathered in memory and written to a file descriptor in one `write` a few
/// milliseconds later, so no request waits on a system call to its log line.
///
/// Order is kept: a chunk is taken from the buffer and written while one lock is held.
/// Past `limit` buffered bytes (a reader that stopped reading), the caller writes itself,
/// which slows requests rather than growing memory. ``flush()`` writes what is left; the
/// server calls it when it stops.
package final class LineWriter: Sendable {
    private let descriptor: Int32
    private let delay: DispatchTimeInterval
    private let limit: Int
    private let pending = Mutex<[UInt8]>([])
    /// Held while a chunk is taken and written.
    private let writing = Mutex(())
    private let queue = DispatchQueue(label: "agekit.log")

    package init(descriptor: Int32, delay: DispatchTimeInterval = .milliseconds(20), limit: Int = 256 * 1024) {
        self.descriptor = descriptor
        self.delay = delay
        self.limit = limit
    }

    /// Standard error, shared by everything that logs.
    package static let standardError = LineWriter(descriptor: STDERR_FILENO)

    /// Appends `line` and a newline.
    package func write(_ line: [UInt8]) {
        let (wasEmpty, size) = pending.withLock { buffer in
            let wasEmpty = buffer.isEmpty
            buffer.append(contentsOf: line)
            buffer.append(UInt8(ascii: "\n"))
            return (wasEmpty, buffer.count)
        }
        if size > limit {
            flush()
        } else if wasEmpty {
            queue.asyncAfter(deadline: .now() + delay) { [self] in flush() }
        }
    }

    /// Writes every buffered line now.
    package func flush() {
        writing.withLock { _ in
            let chunk = pending.withLock { buffer in
                defer { buffer.removeAll(keepingCapacity: true) }
                return buffer
            }
            Platform.writeAll(chunk, to: descriptor)
        }
    }
}
