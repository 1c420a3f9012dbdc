import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

extension FileHandle {
    /// Everything up to the end of the stream. Not `readDataToEndOfFile()`: Foundation on
    /// Linux force-tries its read, and a signal that interrupts it (EINTR, as the SIGCHLD
    /// handler of `Process` can while other tests run children) ends the whole test process.
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        while let chunk = readSomeRetryingInterrupts(), !chunk.isEmpty { data.append(chunk) }
        return data
    }

    /// What is available now, waiting for at least one byte; empty at the end of the stream,
    /// nil when the read fails. `availableData` without its crash on EINTR (see above), for a
    /// blocking read; not inside a `readabilityHandler`, whose reads libdispatch drives (a raw
    /// read there crashed the event loop when the handler's source was cancelled).
    public func readSomeRetryingInterrupts() -> Data? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fileDescriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return nil }
        }
    }
}

extension FileHandle {
    /// Hands each chunk read to `chunk`, on a thread of its own, until the end of the stream.
    ///
    /// Instead of `readabilityHandler`: that installs a libdispatch read source, and tearing
    /// one down on Linux can leave a dangling epoll entry that crashes the whole test process
    /// later (SIGSEGV in `_dispatch_event_loop_drain`, swift-corelibs-libdispatch issue 949).
    /// A blocking read registers nothing with the event loop; the child's exit ends it.
    public func follow(_ chunk: @escaping @Sendable (Data) -> Void) {
        let thread = Thread { [self] in
            while let data = readSomeRetryingInterrupts(), !data.isEmpty { chunk(data) }
        }
        thread.name = "pipe reader"
        thread.start()
    }
}

/// Runs blocking work (sleeps that keep a schedule, blocking reads) on a thread of its own:
/// on two cores Swift concurrency has two threads, and tests that block them would delay a
/// `Task.sleep` here by seconds.
public func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}
