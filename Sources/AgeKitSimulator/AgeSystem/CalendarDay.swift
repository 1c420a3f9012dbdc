import AgeSignals
import Foundation

/// A day of the Gregorian calendar (UTC), the simulator's unit for birthdays, declarations
/// and the anniversaries at which the system refreshes its cached answer.
public struct CalendarDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The year, such as 2026.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// A day that exists in the calendar; nil otherwise (for example February 30).
    public init?(_ year: Int, _ month: Int, _ day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDay.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses "2026-06-04".
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
            let day = Int(parts[2])
        else { return nil }
        self.init(year, month, day)
    }

    /// The UTC day of a date.
    public init(_ date: Date) {
        let day = CivilDay(secondsSince1970: date.timeIntervalSince1970)
        self.year = day.year
        self.month = day.month
        self.day = day.day
    }

    /// Midnight UTC at the start of the day.
    public var date: Date {
        Date(timeIntervalSince1970: Double(CivilDay.daysSince1970(year: year, month: month, day: day)) * 86_400)
    }

    /// The same day `years` later (or earlier); February 29 becomes February 28 in common years.
    public func adding(years: Int) -> CalendarDay {
        let target = year + years
        return CalendarDay(target, month, min(day, CivilDay.daysIn(month: month, year: target)))!
    }

    /// The day `days` later (or earlier).
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(date.addingTimeInterval(Double(days) * 86_400))
    }

    /// Whole years from `self` (a birthday) to `other`. Someone born on February 29 turns a
    /// year older on March 1 in common years.
    public func years(until other: CalendarDay) -> Int {
        let whole = other.year - year
        return (other.month, other.day) < (month, day) ? whole - 1 : whole
    }

    /// The last anniversary of `self` on or before `today` (`self` itself before its first).
    public func lastAnniversary(onOrBefore today: CalendarDay) -> CalendarDay {
        adding(years: max(0, years(until: today)))
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

extension CalendarDay: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a YYYY-MM-DD day")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
