public import Foundation

extension Timestamp {
    /// The whole second a date falls in (rounded down), as the launch sequence reads an
    /// `AppClock`'s `now`.
    public init(_ date: Date) {
        self.init(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    }
}
