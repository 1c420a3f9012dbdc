import Foundation

/// The wall clock.
public struct SystemLaunchClock: LaunchClock {
    /// The wall clock.
    public init() {}
    public func currentTime() -> Timestamp { Timestamp(secondsSince1970: Int64(Date().timeIntervalSince1970)) }
}
