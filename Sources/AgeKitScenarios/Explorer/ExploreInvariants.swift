import AgeGating
import AgeSignals

/// The rules every cell must keep, checked on what the subsystems did (never assumed), and the
/// two figures the summary must show as zero. For the tracking prompt a "minor" is someone
/// under the launch threshold whom the app knew to be (the launch answered "under", or the
/// gate had learned a lower tier at launch) or whose region's law requires age assurance on
/// that day on a device where the system requires it (macOS requires it of nobody). Elsewhere the rules take the system's "no check required" as over; those cells
/// are counted apart, as information.
public final class ExploreInvariants: Sendable {
    /// The stable codes, in the order the report lists them.
    public enum Rule: String, CaseIterable, Sendable, Codable {
        /// Nothing after the age step runs for a person under the launch threshold.
        case nothingAfterAgeWhenUnder
        /// The tracking prompt comes only after the consent refresh (and its form).
        case trackingAfterConsent
        /// An 18+ feature never opens below 18.
        case adultFeatureOnlyForAdults
        /// A confirmed-adult feature never opens for an adult who is not confirmed.
        case confirmedFeatureOnlyForConfirmed
        /// The gate stores the minimal record only: tier, source, one boolean (and its cadence).
        case minimalRecord
        /// A declined person is asked again by the app on its own only at a launch where an age
        /// check is required, or the system could not say (seed 000: a regulated region asks at
        /// every launch; elsewhere a decline is an answer).
        case declineAskedAgainOnlyWhereRequired
        /// The gate and the launch sequence agree on whether this launch asks, and it asks at
        /// most once: an app that runs both (one ask machine) shows at most one sheet.
        case oneAgeRequestPerLaunch

        /// The rule in words, for the report.
        public var summary: String {
            switch self {
            case .nothingAfterAgeWhenUnder: "nothing after the age step for a person under the launch threshold"
            case .trackingAfterConsent: "no tracking prompt before consent"
            case .adultFeatureOnlyForAdults: "an 18+ feature never allowed below 18"
            case .confirmedFeatureOnlyForConfirmed: "a confirmed-adult feature never for an unconfirmed adult"
            case .minimalRecord: "nothing stored beyond the minimal record"
            case .declineAskedAgainOnlyWhereRequired:
                "declined people asked again automatically only where the law asks at every launch"
            case .oneAgeRequestPerLaunch: "the gate and the launch sequence agree, and a launch asks at most once"
            }
        }
    }

    /// One rule a cell broke, and how.
    public struct Violation: Hashable, Sendable, Codable {
        /// The rule broken.
        public var rule: Rule
        /// What happened, in words.
        public var detail: String
    }

    /// What the checks found for one cell.
    package struct Verdict: Hashable, Sendable {
        package var violations: [Violation] = []
        /// A minor (under the launch threshold) the app knew, or one in a regulated region,
        /// reached the tracking prompt.
        package var minorTracking = false
        /// A feature for 18+ opened for someone under 18.
        package var minorAdultFeature = false
        /// Under the threshold by age in an unregulated region, shown the prompt on the
        /// system's word that no check is required.
        package var tracksUnderThresholdByAge = false
    }

    package let threshold: Int
    package let gates: AgeGates
    /// Whether the launch sequence has an age step at all (the owner's age protection).
    package let ageProtection: Bool
    /// Stored values already checked: a sweep stores few distinct ones.
    private let checked = Locked<[String: Bool]>([:])

    package init(threshold: Int, gates: AgeGates, ageProtection: Bool = true) {
        self.threshold = threshold
        self.gates = gates
        self.ageProtection = ageProtection
    }

    /// Whether a stored value is one the gate's own encoders write, and nothing more.
    private func faithful(_ key: String, _ value: String) -> Bool {
        let memo = key + "=" + value
        if let known = checked.withLock({ $0[memo] }) { return known }
        let faithful: Bool
        switch key {
        case AgeRecord.key: faithful = AgeRecord.encode(AgeRecord.decode(value, gates: gates)) == value
        case CadenceRecord.key: faithful = CadenceRecord(decoding: value).encoded == value
        default: faithful = false
        }
        checked.withLock { $0[memo] = faithful }
        return faithful
    }

    package func check(_ cell: ExploreCell, _ outcomes: CellOutcomes) -> Verdict {
        var verdict = Verdict()
        let age = outcomes.age
        let launch = outcomes.launch
        let systemAge = cell.setup.person.systemAge(on: cell.day)

        // The launch: under stops everything; tracking waits for consent.
        if launch.stopped, let action = launch.actions.first(where: LaunchCellOutcome.afterAgeStep.contains) {
            verdict.violations.append(Violation(rule: .nothingAfterAgeWhenUnder, detail: "\(action) after 'under'"))
        }
        if let prompt = launch.actions.firstIndex(of: "showTrackingPrompt") {
            let refresh = launch.actions.firstIndex(of: "refreshConsent")
            let form = launch.actions.firstIndex(of: "showConsentForm")
            if refresh.map({ $0 > prompt }) ?? true || form.map({ $0 > prompt }) == true {
                verdict.violations.append(
                    Violation(rule: .trackingAfterConsent, detail: "showTrackingPrompt before the consent step"))
            }
            let gateKnewAtLaunch =
                age.askedAt == "launch" && age.tierNextGate.map { $0 <= threshold } == true
            let underByAge = systemAge < threshold
            verdict.minorTracking =
                launch.stopped || gateKnewAtLaunch
                || (underByAge && cell.region.isRegulated(on: cell.day) && cell.capabilities.requiresAgeAssurance)
            verdict.tracksUnderThresholdByAge = !verdict.minorTracking && underByAge
        }

        // The gate: 18+ and confirmed-adult features.
        let knownAdult = (age.tierLowerAge ?? 0) >= 18 && age.policy == "known"
        let declaredConfirmed = TrustLevel(declaration: cell.setup.person.declaration) == .confirmed
        for feature in age.features where feature.allowed {
            if (feature.minimumAge ?? 0) >= 18 && (!knownAdult || systemAge < 18) {
                let knownMinor = age.policy == "known" && (age.tierLowerAge ?? 0) < 18
                if systemAge < 18 || knownMinor { verdict.minorAdultFeature = true }
                verdict.violations.append(
                    Violation(rule: .adultFeatureOnlyForAdults, detail: "\(feature.name) open at age \(systemAge)"))
            }
            if feature.confirmedAdultOnly && (age.source != TrustLevel.confirmed.rawValue || !declaredConfirmed) {
                verdict.violations.append(
                    Violation(
                        rule: .confirmedFeatureOnlyForConfirmed,
                        detail: "\(feature.name) open for \(age.source ?? age.policy)"))
            }
        }

        // What was stored: the record and the cadence facts, each exactly as their encoders write them.
        for (key, value) in age.stored.sorted(by: { $0.key < $1.key }) where !faithful(key, value) {
            verdict.violations.append(Violation(rule: .minimalRecord, detail: "\(key) = \(value)"))
        }

        if age.policy == "declined" {
            if age.askedAgainAtRelaunch == nil {
                verdict.violations.append(
                    Violation(rule: .declineAskedAgainOnlyWhereRequired, detail: "no second launch was run"))
            } else if age.askedAgainAtRelaunch == true
                && age.regulation == LaunchSignals.Regulation.notRequired.rawValue
            {
                verdict.violations.append(
                    Violation(
                        rule: .declineAskedAgainOnlyWhereRequired,
                        detail: "the next launch asked again where no check is required"))
            }
        }

        // One ask machine: the launch sequence asks exactly when the gate's launch check does.
        let launchRequests = launch.actions.filter { $0.hasPrefix("requestAgeRange") }.count
        let gateAsked = age.asksAtLaunch
        if launchRequests > 1 {
            verdict.violations.append(
                Violation(rule: .oneAgeRequestPerLaunch, detail: "the launch sequence asked \(launchRequests) times"))
        } else if ageProtection && (launchRequests == 1) != gateAsked {
            verdict.violations.append(
                Violation(
                    rule: .oneAgeRequestPerLaunch,
                    detail: gateAsked
                        ? "the gate asked at launch, the launch sequence did not"
                        : "the launch sequence asked, the gate's launch check did not"))
        }
        return verdict
    }
}
