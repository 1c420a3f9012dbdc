import AgeSignals
import Foundation

/// When the app asks at launch, as one swappable value: laws differ (Alabama allows about one
/// request per 12 months, California expects one at download and at every launch), so the
/// rule is data, chosen by the app and read from its profile.
public enum CadenceRule: Hashable, Sendable {
    /// Ask at every launch while the system says the person is regulated.
    case everyLaunchWhenRequired
    /// Ask while regulated, but at most once per `months` months, counted to the day: a
    /// request on 2027-01-31 allows the next on 2028-01-31 (Alabama: 12, with exceptions for
    /// special circumstances: the person's own tap on "share age range" always asks).
    case atMostEvery(months: Int)
    /// Ask at the first launch after download, whatever the signals (they misreport), and
    /// at every launch while regulated.
    case atDownloadAndLaunch

    /// The facts a cadence rule looks at.
    public struct Context: Hashable, Sendable {
        /// What ``LaunchSignals/isRegulated(on:)`` said.
        public var isRegulated: Bool
        /// No launch was recorded before this one.
        public var isFirstLaunch: Bool
        /// The calendar month of the last request, as months since year 0; nil when never.
        public var lastRequestMonth: Int?
        /// The current calendar month, as months since year 0.
        public var currentMonth: Int

        /// The start of the day of the last request; nil when never (or only the month is known).
        public var lastRequest: Date?
        /// Now; nil when only months are known.
        public var now: Date?

        /// Months only: "N months" means N calendar months apart.
        public init(isRegulated: Bool, isFirstLaunch: Bool, lastRequestMonth: Int?, currentMonth: Int) {
            self.isRegulated = isRegulated
            self.isFirstLaunch = isFirstLaunch
            self.lastRequestMonth = lastRequestMonth
            self.currentMonth = currentMonth
        }

        /// Days: "N months" means N months to the day.
        public init(isRegulated: Bool, isFirstLaunch: Bool, lastRequest: Date?, now: Date) {
            self.isRegulated = isRegulated
            self.isFirstLaunch = isFirstLaunch
            self.lastRequestMonth = lastRequest.map(CadenceRecord.month(of:))
            self.currentMonth = CadenceRecord.month(of: now)
            self.lastRequest = lastRequest
            self.now = now
        }
    }

    /// The first moment a request is allowed again `months` after `last` (the same day of the
    /// month, or the month's last day when it is shorter).
    public static func nextAllowed(after last: Date, months: Int) -> Date {
        CivilDay(last).adding(months: months).midnight
    }

    /// Whether this rule asks at this launch.
    public func asksAtLaunch(_ context: Context) -> Bool {
        switch self {
        case .everyLaunchWhenRequired:
            return context.isRegulated
        case .atMostEvery(let months):
            guard context.isRegulated else { return false }
            if let now = context.now {
                guard let last = context.lastRequest else { return true }
                return now >= Self.nextAllowed(after: last, months: months)
            }
            guard let last = context.lastRequestMonth else { return true }
            return context.currentMonth - last >= months
        case .atDownloadAndLaunch:
            return context.isFirstLaunch || context.isRegulated
        }
    }
}

extension CadenceRule: CustomStringConvertible {
    /// Parses `every-launch`, `every-12-months` or `download-and-launch` (the profile and CLI
    /// spelling, see ``description``).
    public init(parsing text: String) throws(AgeGatingError) {
        switch text {
        case "every-launch": self = .everyLaunchWhenRequired
        case "download-and-launch": self = .atDownloadAndLaunch
        default:
            let parts = text.split(separator: "-")
            guard parts.count == 3, parts[0] == "every", parts[2] == "months", let months = Int(parts[1]), months > 0
            else {
                throw AgeGatingError(
                    .invalidCadence,
                    "'\(text)' is not a cadence (every-launch, every-N-months, download-and-launch)")
            }
            self = .atMostEvery(months: months)
        }
    }

    public var description: String {
        switch self {
        case .everyLaunchWhenRequired: "every-launch"
        case .atMostEvery(let months): "every-\(months)-months"
        case .atDownloadAndLaunch: "download-and-launch"
        }
    }
}
