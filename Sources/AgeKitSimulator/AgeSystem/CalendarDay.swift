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
        guard let civil = CivilDay(year: year, month: month, day: day) else { return nil }
        self.init(civil)
    }

    /// The same day; ``CivilDay`` does the calendar math.
    init(_ civil: CivilDay) {
        self.year = civil.year
        self.month = civil.month
        self.day = civil.day
    }

    /// The same day as a ``CivilDay``.
    var civil: CivilDay { CivilDay(year: year, month: month, day: day)! }

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
        self.init(CivilDay(date))
    }

    /// Midnight UTC at the start of the day.
    public var date: Date { civil.midnight }

    /// The same day `years` later (or earlier); February 29 becomes February 28 in common years.
    public func adding(years: Int) -> CalendarDay {
        CalendarDay(civil.adding(months: years * 12))
    }

    /// The day `days` later (or earlier).
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(civil.adding(days: days))
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

    /// `YYYY-MM-DD`.
    public var description: String { civil.text }
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
