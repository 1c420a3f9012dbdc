import Foundation

/// What a cadence rule needs to remember between launches: that the app was launched, and
/// the calendar month of the last request. A fact about the app's requests, kept apart from
/// the age record (which holds no dates), and only to the month.
public struct CadenceRecord: Hashable, Sendable {
    public var hasLaunched: Bool
    public var lastRequestMonth: Int?

    public init(hasLaunched: Bool = false, lastRequestMonth: Int? = nil) {
        self.hasLaunched = hasLaunched
        self.lastRequestMonth = lastRequestMonth
    }

    public static let key = "agekit.ageCadence.v1"

    /// The month of a date (UTC) as months since year 0.
    public static func month(of date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: date)
        return parts.year! * 12 + parts.month! - 1
    }

    /// Stored as `launched=1;month=24322` (month omitted when never asked).
    public var encoded: String {
        "launched=\(hasLaunched ? 1 : 0)" + (lastRequestMonth.map { ";month=\($0)" } ?? "")
    }

    /// Unreadable text reads as a fresh install.
    public init(decoding text: String?) {
        self.init()
        guard let text else { return }
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            switch pair[0] {
            case "launched": hasLaunched = pair[1] == "1"
            case "month": lastRequestMonth = Int(pair[1]).flatMap { $0 >= 0 ? $0 : nil }
            default: continue
            }
        }
    }
}
