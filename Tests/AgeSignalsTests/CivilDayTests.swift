import Foundation
import Testing

@testable import AgeSignals

/// The arithmetic days against Foundation's UTC Gregorian calendar.
@Suite("UTC days by arithmetic")
struct CivilDayTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test("every day from 1583 to 2400 is the calendar's, both ways")
    func everyDay() {
        let first = CivilDay.daysSince1970(year: 1583, month: 1, day: 1)
        let last = CivilDay.daysSince1970(year: 2400, month: 12, day: 31)
        var mismatches: [String] = []
        for days in stride(from: first, through: last, by: 1) {
            let day = CivilDay(daysSince1970: days)
            let parts = Self.calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            if (day.year, day.month, day.day) != (parts.year!, parts.month!, parts.day!)
                || CivilDay.daysSince1970(year: day.year, month: day.month, day: day.day) != days
            {
                mismatches.append(day.text)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) days differ, first \(mismatches.prefix(3))")
        #expect(last - first + 1 == 298_769)  // 818 years, 199 of them leap
    }

    @Test(
        "an instant falls on its UTC day, a second before midnight included",
        arguments: [
            (0.0, "1970-01-01"), (-0.001, "1969-12-31"), (-86_400.0, "1969-12-31"), (-86_400.5, "1969-12-30"),
            (951_782_399.999, "2000-02-28"), (951_782_400.0, "2000-02-29"), (1_798_761_599.0, "2026-12-31"),
            (1_798_761_600.0, "2027-01-01"), (-11_676_096_000.0, "1600-01-01"),
        ])
    func instants(seconds: Double, text: String) {
        #expect(CivilDay(secondsSince1970: seconds).text == text)
    }

    @Test("random instants agree with the calendar")
    func randomInstants() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let seconds = Double.random(in: -12_000_000_000...13_000_000_000, using: &generator)
            let day = CivilDay(secondsSince1970: seconds)
            let parts = Self.calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: seconds))
            #expect((day.year, day.month, day.day) == (parts.year!, parts.month!, parts.day!), "\(seconds)")
        }
    }

    @Test("adding months and days agrees with the calendar around century years, the day kept within the month")
    func arithmetic() {
        var mismatches: [String] = []
        // 1600 is a leap year, 1900 and 2100 are not.
        for start in [1600, 1896, 2096] {
            let first = CivilDay.daysSince1970(year: start, month: 1, day: 1)
            for days in stride(from: first, through: first + 365 * 8, by: 1) {
                let day = CivilDay(daysSince1970: days)
                // Months forward, as a cadence counts them, and back by up to a year: further back,
                // Foundation subtracts the months before the years, and lands on March 1 from a
                // February 29 that does not exist.
                for months in [-12, -1, 1, 12, 13, 120] {
                    let expected = Self.calendar.date(byAdding: .month, value: months, to: day.midnight)!
                    if day.adding(months: months).midnight != expected { mismatches.append("\(day.text) + \(months)") }
                }
                if day.adding(days: 40).midnight != day.midnight.addingTimeInterval(40 * 86_400) {
                    mismatches.append("\(day.text) + 40 days")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first \(mismatches.prefix(3))")
        #expect(CivilDay(year: 2027, month: 2, day: 29) == nil)
        #expect(CivilDay(year: 2028, month: 2, day: 29)?.adding(months: 12).text == "2029-02-28")
        #expect(CivilDay(year: 2026, month: 3, day: 31)?.adding(months: -25).text == "2024-02-29")
    }
}
