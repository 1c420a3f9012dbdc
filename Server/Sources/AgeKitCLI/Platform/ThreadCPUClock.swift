#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CLI's one call into the OS: the calling thread's CPU time, which `agekit bench verify`
/// measures by (Foundation has no thread clock; wall time would count other processes' turns).
enum ThreadCPUClock {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
