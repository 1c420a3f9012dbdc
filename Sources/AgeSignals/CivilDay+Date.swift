public import Foundation

extension CivilDay {
    /// The UTC day a date falls on.
    public init(_ date: Date) {
        self.init(secondsSince1970: date.timeIntervalSince1970)
    }

    /// Midnight UTC at the start of the day.
    public var midnight: Date {
        Date(timeIntervalSince1970: Double(daysSince1970) * 86_400)
    }
}
