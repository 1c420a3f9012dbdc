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

    public struct Key: Hashable, Sendable, Codable, Comparable {
        public var person: String
        public var answer: String
        public var platform: String
        public var os: String
        public var region: String
        public var date: String

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
