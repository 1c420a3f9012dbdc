import Foundation

/// The system's clocks: the server's default ``ServerClock`` and the only reader of the wall
/// and monotonic clocks on the server side.
public struct SystemClock: ServerClock {
    public init() {}

    public func now() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    /// Seconds since the machine started (`CLOCK_MONOTONIC` on Linux): a last time of 0, as a
    /// store keeps before its first reopening, reads as long ago.
    public func monotonic() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    public func sleep(seconds: Double) async {
        try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }
}
