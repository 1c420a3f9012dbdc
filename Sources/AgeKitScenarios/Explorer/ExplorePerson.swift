import AgeKitSimulator
import AgeSignals

/// A row of the explorer: a sandbox persona or a custom person of one age, and how they answer
/// when the app asks.
public struct ExplorePerson: Hashable, Sendable {
    /// `13to15-approved`, or `age-16` for a custom person.
    public let name: String
    /// The person's age on the day simulated.
    public let age: Int
    package let persona: SandboxPersona?

    /// A sandbox persona, under its own name.
    public init(persona: SandboxPersona) {
        name = persona.name
        age = persona.age
        self.persona = persona
    }

    /// A custom person, declared as `agekit age --age N` declares one: by a guardian under 18,
    /// by themselves from 18.
    public init(age: Int) {
        name = "age-\(age)"
        self.age = age
        persona = nil
    }

    /// The person on `day`, with the answer applied.
    package func person(today day: CalendarDay, answer: ExploreAnswer) -> SimulatedPerson {
        var person =
            persona?.person(today: day)
            ?? .aged(age, today: day, name: name, declaration: age < 18 ? .guardianDeclared : .selfDeclared)
        if answer == .declined { person.sharing = .declines }
        return person
    }

    /// A persona name or `age-N`; nil for anything else.
    public init?(name: String) {
        if let persona = SandboxPersona.named(name) {
            self.init(persona: persona)
        } else if name.hasPrefix("age-"), let age = Int(name.dropFirst(4)), (0...130).contains(age) {
            self.init(age: age)
        } else {
            return nil
        }
    }
}

/// How the person meets the app's question: the three answers the system can end in.
public enum ExploreAnswer: String, Hashable, Sendable, CaseIterable, Codable {
    /// The person shares their range when asked.
    case declared
    /// The person declines (where the region's law lets them; elsewhere the range is shared).
    case declined
    /// The system cannot answer: every age request throws `notAvailable`.
    case unavailable

    package var faults: SimulatorFaults {
        self == .unavailable ? SimulatorFaults(request: .error(.notAvailable)) : .none
    }
}
