import Foundation
import PrivacyLaunch
import SignificantChanges

extension SimulatedClock: LaunchClock {
    /// The simulated time in whole seconds.
    public func currentTime() -> Timestamp {
        Timestamp(secondsSince1970: Int64(now.timeIntervalSince1970.rounded(.down)))
    }
}

/// The significant-change flow reads the same simulated time.
extension SimulatedClock: ConsentClock {}
