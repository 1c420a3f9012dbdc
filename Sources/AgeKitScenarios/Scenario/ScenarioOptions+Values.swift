import AgeKitSimulator
import AgeSignals

/// The scenario values that every command and the explorer read the same way. A value that
/// does not parse throws `unknown_value` with the reason; the caller names the option.
extension ScenarioOptions {
    /// `CALL:FAULT` each: CALL is request, eligibility or requiredFeatures, FAULT an error name
    /// or `hang`. A bare `ERROR` means the request.
    package static func faults(parsing values: [String]) throws(ScenarioError) -> SimulatorFaults {
        var faults = SimulatorFaults.none
        let calls = ["request", "eligibility", "requiredFeatures"]
        for text in values {
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            let (call, name) = parts.count == 2 ? (parts[0], parts[1]) : ("request", text)
            guard calls.contains(call) else {
                throw unknown("unknown call '\(call)' in '\(text)' (\(calls.joined(separator: ", ")))")
            }
            let fault: SimulatorFaults.Fault
            if name == "hang" {
                fault = .hang
            } else {
                let error = AgeRangeProviderError(rawValue: name)
                guard AgeRangeProviderError.knownCases.contains(error) else {
                    let names = AgeRangeProviderError.knownCases.map { $0.rawValue }.joined(separator: ", ")
                    throw unknown("unknown error '\(name)' (\(names), or hang)")
                }
                fault = .error(error)
            }
            switch call {
            case "eligibility": faults.eligibility = fault
            case "requiredFeatures": faults.regulatoryFeatures = fault
            default: faults.request = fault
            }
        }
        return faults
    }

    /// A declaration the system knows: selfDeclared, guardianDeclared, confirmed or a 26.2 method.
    package static func declaration(named text: String) throws(ScenarioError) -> AgeRangeDeclaration {
        let declaration = AgeRangeDeclaration(rawValue: text)
        guard AgeRangeDeclaration.knownCases.contains(declaration) else {
            let names = AgeRangeDeclaration.knownCases.map { $0.rawValue }.joined(separator: ", ")
            throw unknown("unknown declaration '\(text)' (\(names))")
        }
        return declaration
    }

    private static func unknown(_ reason: String) -> ScenarioError {
        ScenarioError(code: "unknown_value", reason: reason)
    }
}
