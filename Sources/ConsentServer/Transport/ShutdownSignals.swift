#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGTERM and SIGINT as an ordinary blocking wait, so shutdown runs as plain code instead
/// of inside a signal handler. The handler only writes the signal number to a pipe (the
/// self-pipe trick), which works whichever thread the kernel delivers the signal to.
public enum ShutdownSignals {
    // Written once in `blockTermination()` before any signal can arrive, then only read.
    nonisolated(unsafe) private static var pipeEnds: (read: Int32, write: Int32) = (-1, -1)

    /// Installs the handlers. Call before starting servers; idempotent.
    public static func blockTermination() {
        guard pipeEnds.read < 0 else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        pipeEnds = (ends[0], ends[1])
        for number in [SIGTERM, SIGINT] {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(ShutdownSignals.pipeEnds.write, &byte, 1)
            }
        }
    }

    /// Blocks the calling thread until SIGTERM or SIGINT arrives; returns `SIGTERM` or `SIGINT`.
    public static func waitForTermination() -> String {
        blockTermination()
        var byte: UInt8 = 0
        while true {
            let count = read(pipeEnds.read, &byte, 1)
            if count == 1 { return Int32(byte) == SIGINT ? "SIGINT" : "SIGTERM" }
            if count < 0 && errno == EINTR { continue }
            return "SIGTERM"
        }
    }
}
