import AgeSignals

/// A moment on the wall clock, in whole seconds since 1970-01-01 00:00 UTC. The launch
/// sequence only needs to compare moments and to add calendar months (consent expires after
/// 13 months), so it stays a plain value without Foundation.
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01 00:00 UTC (negative before).
    public let secondsSince1970: Int64

    /// The moment `secondsSince1970` seconds after 1970-01-01 00:00 UTC.
    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// A UTC calendar moment. Out-of-range fields are the caller's mistake and are clamped
    /// (month to 1...12, day to the month's length) rather than trapping.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        let month = min(max(month, 1), 12)
        let day = min(max(day, 1), CivilDay.daysIn(month: month, year: year))
        let days = Int64(CivilDay.daysSince1970(year: year, month: month, day: day))
        self.secondsSince1970 = days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// The UTC calendar date of this moment.
    public var date: (year: Int, month: Int, day: Int) {
        let day = civilDay
        return (day.year, day.month, day.day)
    }

    /// The UTC day of this moment.
    private var civilDay: CivilDay { CivilDay(daysSince1970: Int(daysSince1970)) }

    /// Whole days from 1970-01-01 to the day of this moment (rounded down before it).
    private var daysSince1970: Int64 {
        secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
    }

    /// The same wall-clock time `months` calendar months later; the day is clamped to the
    /// target month (31 January + 1 month = 28 or 29 February).
    public func adding(months: Int) -> Timestamp {
        let secondOfDay = secondsSince1970 - daysSince1970 * 86_400
        let target = civilDay.adding(months: months)
        return Timestamp(secondsSince1970: Int64(target.daysSince1970) * 86_400 + secondOfDay)
    }

    /// The moment `seconds` later (earlier when negative).
    public func adding(seconds: Int64) -> Timestamp {
        Timestamp(secondsSince1970: secondsSince1970 + seconds)
    }

    /// ISO 8601 in UTC, e.g. `2026-11-30T11:00:00Z`.
    public var description: String {
        let (year, month, day) = date
        let second = ((secondsSince1970 % 86_400) + 86_400) % 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(year)-\(two(Int64(month)))-\(two(Int64(day)))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))Z"
    }
}
