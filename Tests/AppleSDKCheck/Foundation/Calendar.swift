// Foundation stand-in for scripts/apple-sdk-check: Apple's declarations, type-checked only, never run.

public struct Calendar: Hashable, Equatable, Sendable {
    public enum Identifier: Sendable, Hashable {
        case gregorian, buddhist, chinese, coptic, ethiopicAmeteMihret, ethiopicAmeteAlem, hebrew, iso8601, indian
        case islamic, islamicCivil, japanese, persian, republicOfChina, islamicTabular, islamicUmmAlQura
    }

    public enum Component: Sendable, Hashable {
        case era, year, month, day, hour, minute, second, weekday, weekdayOrdinal, quarter, weekOfMonth
        case weekOfYear, yearForWeekOfYear, nanosecond, calendar, timeZone
    }

    public init(identifier: Calendar.Identifier) { fatalError() }

    public var timeZone: TimeZone {
        get { fatalError() }
        set { fatalError() }
    }

    public func date(from components: DateComponents) -> Date? { fatalError() }
    public func date(byAdding components: DateComponents, to date: Date, wrappingComponents: Bool = false) -> Date? {
        fatalError()
    }
    public func date(
        byAdding component: Calendar.Component, value: Int, to date: Date, wrappingComponents: Bool = false
    ) -> Date? { fatalError() }
    public func startOfDay(for date: Date) -> Date { fatalError() }
}

public struct TimeZone: Hashable, Equatable, Sendable {
    public init?(identifier: String) { fatalError() }
}

public struct DateComponents: Hashable, Equatable, Sendable {
    public init(
        calendar: Calendar? = nil, timeZone: TimeZone? = nil, era: Int? = nil, year: Int? = nil, month: Int? = nil,
        day: Int? = nil, hour: Int? = nil, minute: Int? = nil, second: Int? = nil, nanosecond: Int? = nil,
        weekday: Int? = nil, weekdayOrdinal: Int? = nil, quarter: Int? = nil, weekOfMonth: Int? = nil,
        weekOfYear: Int? = nil, yearForWeekOfYear: Int? = nil
    ) { fatalError() }

    public func isValidDate(in calendar: Calendar) -> Bool { fatalError() }
}
