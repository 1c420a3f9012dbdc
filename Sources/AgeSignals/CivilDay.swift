/// A day of the Gregorian calendar in UTC, turned from and into days since 1970 by
/// arithmetic rather than `Calendar`: the gate and the simulator do it on every launch, and
/// the explorer for tens of thousands of cells, where `Calendar` was a tenth of the time.
/// It agrees with Foundation's UTC Gregorian calendar from 1583 on (before that, Foundation
/// counts Julian days); a test compares the two day by day. The app side's one calendar: the
/// launch records' `Timestamp`, the simulator's `CalendarDay` and the cadence rules do their
/// month and leap-year arithmetic here.
public struct CivilDay: Hashable, Sendable {
    /// The year, such as 2027.
    public let year: Int
    /// 1 to 12.
    public let month: Int
    /// 1 to 31.
    public let day: Int

    /// The day `days` after 1970-01-01 (before it when negative).
    public init(daysSince1970 days: Int) {
        // Counted in eras of 400 years (146,097 days) from 0000-03-01, so that the leap day
        // ends each year of the count.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The UTC day an instant falls on.
    public init(secondsSince1970 seconds: Double) {
        self.init(daysSince1970: Int((seconds / 86_400).rounded(.down)))
    }

    /// The day, when it exists (month 1 to 12, day within the month); nil otherwise, such as
    /// for February 30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.init(valid: year, month, day)
    }

    /// A day already known to exist.
    private init(valid year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days from 1970-01-01 to this day (negative before it).
    public var daysSince1970: Int { Self.daysSince1970(year: year, month: month, day: day) }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> CivilDay { CivilDay(daysSince1970: daysSince1970 + days) }

    /// The same day of the month `months` calendar months later (earlier when negative), kept
    /// within the target month: 31 January plus one month is 28 or 29 February, and February 29
    /// plus twelve months is February 28 in a common year.
    public func adding(months: Int) -> CivilDay {
        let monthIndex = year * 12 + (month - 1) + months
        let newYear = monthIndex >= 0 ? monthIndex / 12 : (monthIndex - 11) / 12
        let newMonth = monthIndex - newYear * 12 + 1
        return CivilDay(valid: newYear, newMonth, min(day, Self.daysIn(month: newMonth, year: newYear)))
    }

    /// Days from 1970-01-01 to this day; the day must exist (month 1 to 12, day within it).
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether `year` has a February 29.
    package static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// How many days `month` (1 to 12) of `year` has.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD`, the year padded to four digits.
    public var text: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
