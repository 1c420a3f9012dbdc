#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGTERM and SIGINT as an ordinary blocking wait, so shutdown runs as plain code on the
/// main thread instead of inside a signal handler.
///
/// Call `blockTermination()` in the main thread before starting any server or thread: new
/// threads inherit the blocked mask, so the signals stay pending until `waitForTermination()`.
public enum ShutdownSignals {
    public static func blockTermination() {
        var set = terminationSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Blocks the calling thread until SIGTERM or SIGINT arrives; returns `SIGTERM` or `SIGINT`.
    public static func waitForTermination() -> String {
        var set = terminationSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        while true {
            var signal: Int32 = 0
            if sigwait(&set, &signal) == 0 {
                return signal == SIGINT ? "SIGINT" : "SIGTERM"
            }
        }
    }

    private static func terminationSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        return set
    }
}
