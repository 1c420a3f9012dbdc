import AgeKitSimulator
import AgeSignals

/// One combination of the axes: who, how they answer, on which device, where and when.
public struct ExploreCell: Hashable, Sendable {
    package let person: ExplorePerson
    package let answer: ExploreAnswer
    package let capabilities: PlatformCapabilities
    package let region: Region
    package let day: CalendarDay
    /// The simulated system's setup for this cell, built once.
    package let setup: SimulatedAgeSystem.Setup

    /// The options every cell shares (declaration, faults, saved answer, ...).
    package let scenario: ExploreScenario

    package init(
        person: ExplorePerson, answer: ExploreAnswer, capabilities: PlatformCapabilities, region: Region,
        day: CalendarDay, scenario: ExploreScenario = ExploreScenario()
    ) {
        self.person = person
        self.answer = answer
        self.capabilities = capabilities
        self.region = region
        self.day = day
        self.scenario = scenario
        setup = SimulatedAgeSystem.Setup(
            person: scenario.apply(to: person.person(today: day, answer: answer)), region: region,
            capabilities: capabilities, faults: scenario.faults(with: answer))
    }

    /// The cell's identity in reports and baselines.
    package var key: Key {
        Key(
            person: person.name, answer: answer.rawValue, platform: capabilities.platform.rawValue,
            os: capabilities.os.description, region: region.id, date: day.description)
    }

    /// A cell's identity in reports and baselines: each axis's value by name, ordered by region,
    /// date, person, answer, platform and OS.
    public struct Key: Hashable, Sendable, Codable, Comparable {
        /// The person's name, such as `13to15-approved` or `age-16`.
        public var person: String
        /// How the person answers: `declared`, `declined` or `unavailable`.
        public var answer: String
        /// The platform, such as `iOS`.
        public var platform: String
        /// The OS version, such as `26.4`.
        public var os: String
        /// The region's id, such as `US-TX`.
        public var region: String
        /// The day, such as `2026-11-30`.
        public var date: String

        /// The key in one line, for reports.
        public var text: String { "\(person) \(answer), \(platform) \(os), \(region), \(date)" }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.region, lhs.date, lhs.person, lhs.answer, lhs.platform, lhs.os)
                < (rhs.region, rhs.date, rhs.person, rhs.answer, rhs.platform, rhs.os)
        }
    }
}

/// The three subsystems' outcomes for one cell.
package struct CellOutcomes: Hashable, Sendable {
    package var age: AgeCellOutcome
    package var launch: LaunchCellOutcome
    package var changes: ChangesCellOutcome
}
