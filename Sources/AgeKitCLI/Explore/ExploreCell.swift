import AgeKitSimulator
import AgeSignals

/// One combination of the axes: who, how they answer, on which device, where and when.
struct ExploreCell: Hashable, Sendable {
    let person: ExplorePerson
    let answer: ExploreAnswer
    let capabilities: PlatformCapabilities
    let region: Region
    let day: CalendarDay
    /// The simulated system's setup for this cell, built once.
    let setup: SimulatedAgeSystem.Setup

    /// The options every cell shares (declaration, faults, saved answer, ...).
    let scenario: ExploreScenario

    init(
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
    var key: Key {
        Key(
            person: person.name, answer: answer.rawValue, platform: capabilities.platform.rawValue,
            os: capabilities.os.description, region: region.id, date: day.description)
    }

    struct Key: Hashable, Sendable, Codable, Comparable {
        var person: String
        var answer: String
        var platform: String
        var os: String
        var region: String
        var date: String

        var text: String { "\(person) \(answer), \(platform) \(os), \(region), \(date)" }

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.region, lhs.date, lhs.person, lhs.answer, lhs.platform, lhs.os)
                < (rhs.region, rhs.date, rhs.person, rhs.answer, rhs.platform, rhs.os)
        }
    }
}

/// The three subsystems' outcomes for one cell.
struct CellOutcomes: Hashable, Sendable {
    var age: AgeCellOutcome
    var launch: LaunchCellOutcome
    var changes: ChangesCellOutcome
}
