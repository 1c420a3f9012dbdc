import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits until `condition` holds, giving the processor up between looks instead of sleeping:
/// for a state another thread reaches within moments. False when `seconds` passed first.
package func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition() {
        guard DispatchTime.now() < deadline else { return false }
        sched_yield()
    }
    return true
}
