import AgeSignals
import Foundation

/// What a cadence rule needs to remember between launches: that the app was launched, and
/// the day of the app's last request. A fact about the app's requests, kept apart from the age
/// record (which holds no dates), and only to the day: "at most once per 12 months" counts
/// twelve months to the day (a request on 2027-01-31 allows the next on 2028-01-31).
public struct CadenceRecord: Hashable, Sendable {
    /// Whether the app has launched before (the first launch after download is told apart).
    public var hasLaunched: Bool
    /// The calendar month of the last request, as months since year 0 (kept for records
    /// written before the day was kept).
    public var lastRequestMonth: Int?
    /// The UTC day of the last request, `YYYY-MM-DD`.
    public var lastRequestDay: String?
    /// Whether the last launch found the person regulated; nil before it was kept. A change
    /// to regulated (a law that starts) runs the launch check once, a stored decline included.
    public var lastLaunchRegulated: Bool?

    /// A record as stored; the default is the one before the first launch.
    public init(
        hasLaunched: Bool = false, lastRequestMonth: Int? = nil, lastRequestDay: String? = nil,
        lastLaunchRegulated: Bool? = nil
    ) {
        self.hasLaunched = hasLaunched
        self.lastRequestMonth = lastRequestMonth
        self.lastRequestDay = lastRequestDay
        self.lastLaunchRegulated = lastLaunchRegulated
    }

    /// Whether a launch that finds the person regulated is the first since the law started
    /// for them: the last launch kept "not regulated". A record that never kept the fact
    /// says nothing about a change, and the cadence decides as before.
    public func regulationStarted(isRegulated: Bool) -> Bool {
        isRegulated && hasLaunched && lastLaunchRegulated == false
    }

    /// The key the record is stored under in the gate's key-value store.
    public static let key = "agekit.ageCadence.v1"

    /// The month of a date (UTC) as months since year 0.
    public static func month(of date: Date) -> Int {
        let day = CivilDay(date)
        return day.year * 12 + day.month - 1
    }

    /// The UTC day of a date as `YYYY-MM-DD`.
    public static func day(of date: Date) -> String {
        CivilDay(date).text
    }

    /// Midnight UTC of a `YYYY-MM-DD` day; nil for anything else.
    public static func date(ofDay text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard parts.count == 3, let day = CivilDay(year: parts[0], month: parts[1], day: parts[2]) else { return nil }
        return day.midnight
    }

    /// Records a request made at `date`.
    public mutating func recordRequest(at date: Date) {
        lastRequestMonth = Self.month(of: date)
        lastRequestDay = Self.day(of: date)
    }

    /// The start of the day of the last request. A record that kept only the month reads as
    /// that month's last day: the careful side of a limit on how often the app may ask.
    public var lastRequest: Date? {
        if let lastRequestDay, let date = Self.date(ofDay: lastRequestDay) { return date }
        guard let month = lastRequestMonth else { return nil }
        let first = CivilDay(year: 0, month: 1, day: 1)!.adding(months: month)
        return first.adding(months: 1).adding(days: -1).midnight
    }

    /// Stored as `launched=1;month=24322;day=2026-11-30;regulated=1` (month and day omitted
    /// when never asked, regulated before a launch kept it).
    public var encoded: String {
        "launched=\(hasLaunched ? 1 : 0)" + (lastRequestMonth.map { ";month=\($0)" } ?? "")
            + (lastRequestDay.map { ";day=\($0)" } ?? "")
            + (lastLaunchRegulated.map { ";regulated=\($0 ? 1 : 0)" } ?? "")
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
            case "day": lastRequestDay = Self.date(ofDay: String(pair[1])) == nil ? nil : String(pair[1])
            case "regulated": lastLaunchRegulated = pair[1] == "1" ? true : pair[1] == "0" ? false : nil
            default: continue
            }
        }
    }
}
