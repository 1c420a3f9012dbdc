import Foundation
import PrivacyLaunch

extension SimulatedClock: LaunchClock {
    /// The simulated time in whole seconds.
    public func currentTime() -> Timestamp {
        Timestamp(secondsSince1970: Int64(now.timeIntervalSince1970.rounded(.down)))
    }
}
