import AgeGating
import AgeKitSimulator
import AgeSignals
import PrivacyLaunch

/// The scenario options of `age`, `launch` and `changes` that are not axes, applied to every
/// cell of a sweep with the same meaning: the person's declaration, account and controls, the
/// faults, the saved answer and the last request.
package struct ExploreScenario: Hashable, Sendable {
    package var declaration: AgeRangeDeclaration?
    package var accountCreated: CalendarDay?
    package var communicationLimits = false
    package var faults = SimulatorFaults.none
    package var saved: AgeAnswer?
    package var lastAsked: CalendarDay?

    package init() {}

    /// The options given, in words, for the report.
    package var given: [String] {
        var words: [String] = []
        if let declaration { words.append("declaration \(declaration.rawValue)") }
        if let accountCreated { words.append("account created \(accountCreated)") }
        if communicationLimits { words.append("communication limits") }
        if faults != .none { words.append("faults \(faults)") }
        if let saved { words.append("saved answer \(saved.rawValue)") }
        if let lastAsked { words.append("last asked \(lastAsked)") }
        return words
    }

    /// The person with the options applied.
    package func apply(to person: SimulatedPerson) -> SimulatedPerson {
        var person = person
        if let declaration { person.declaration = declaration }
        if let accountCreated { person.accountCreated = accountCreated }
        if communicationLimits { person.parentalControls.insert(.communicationLimits) }
        return person
    }

    /// The cell's faults: the answer's (unavailable) first, then the options'.
    package func faults(with answer: ExploreAnswer) -> SimulatorFaults {
        var merged = faults
        if let request = answer.faults.request { merged.request = request }
        return merged
    }

}
