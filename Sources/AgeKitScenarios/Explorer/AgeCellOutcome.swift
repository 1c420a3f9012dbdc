import AgeGating
import AgeKitSimulator
import AgeSignals

/// What `agekit age` finds for one cell, reduced to the facts the report shows and the
/// invariants read.
package struct AgeCellOutcome: Hashable, Sendable, Codable {
    package struct Feature: Hashable, Sendable, Codable {
        package var name: String
        package var allowed: Bool
        package var reason: String
        package var nextStep: String
        /// The feature's minimum age in force (confirmed-adult features count as 18).
        package var minimumAge: Int?
        package var confirmedAdultOnly: Bool
    }

    /// `sharing 13...15 guardianDeclared`, `declinedSharing` or `error notAvailable`.
    package var response: String
    /// Eligibility and the regulatory features the launch check read.
    package var signals: String
    /// `launch`, `firstUse`, `adultQuestion` or `never`.
    package var askedAt: String
    /// The launch table's verdict: `required`, `notRequired` or `unknown`.
    package var regulation: String
    /// Whether the gate's launch check asked (``LaunchAsk``), answered or not.
    package var asksAtLaunch: Bool
    /// `known`, `declined`, `unavailable` or `notAsked`.
    package var policy: String
    /// The known tier (`13-15`), its lowest age and the gate above it.
    package var tier: String?
    package var tierLowerAge: Int?
    package var tierNextGate: Int?
    /// The trust level of a known answer.
    package var source: String?
    package var communicationLimited: Bool?
    package var features: [Feature]
    /// Everything the gate stored, by key.
    package var stored: [String: String]
    /// Whether a second launch asked again; nil when none was run (only declined people are).
    package var askedAgainAtRelaunch: Bool?

    package init(_ outcome: AgeOutcome, profile: AppProfile) {
        switch outcome.response {
        case .success(.sharing(let range)):
            let lower = range.lowerBound.map(String.init) ?? "nil"
            let upper = range.upperBound.map(String.init) ?? "nil"
            let limits = range.parentalControls.contains(.communicationLimits) ? " communicationLimits" : ""
            response = "sharing \(lower)...\(upper) \(range.declaration?.rawValue ?? "noDeclaration")\(limits)"
        case .success(.declinedSharing): response = "declinedSharing"
        case .failure(let error): response = "error \(error.rawValue)"
        }
        let eligible = outcome.signals.isEligible.map { $0 ? "true" : "false" } ?? "n/a"
        let features = outcome.signals.regulatoryFeatures.map {
            $0.isEmpty ? "none" : $0.map(\.rawValue).sorted().joined(separator: ",")
        }
        signals = "eligible \(eligible); regulatory features \(features ?? "n/a")"
        askedAt = outcome.askedAt.rawValue
        regulation = outcome.regulation.rawValue
        asksAtLaunch = outcome.asksAtLaunch
        policy = outcome.policy.stateName
        if case .known(let known, let trust, let limited) = outcome.policy {
            tier = known.description
            tierLowerAge = known.lowerAge
            tierNextGate = known.nextGate
            source = trust.rawValue
            communicationLimited = limited
        }
        let requirements = Dictionary(profile.features.map { ($0.name, $0.requirement) }) { first, _ in first }
        self.features = outcome.decisions.map { name, decision in
            Feature(
                name: name, allowed: decision.isAllowed, reason: decision.reason.rawValue,
                nextStep: decision.nextStep.rawValue, minimumAge: requirements[name]?.effectiveMinimumAge,
                confirmedAdultOnly: requirements[name]?.requiresConfirmedAdult ?? false)
        }
        stored = outcome.stored
        askedAgainAtRelaunch = outcome.askedAgainAtRelaunch
    }

    /// The colour class: how the gate ends up knowing the person.
    package var category: String {
        switch policy {
        case "known": (tierLowerAge ?? 0) >= 18 ? (source == "confirmed" ? "adultConfirmed" : "adult") : "minor"
        default: policy
        }
    }

    /// The letter in a matrix cell: where the question came from.
    package var code: String {
        switch askedAt {
        case "launch": "L"
        case "firstUse": "F"
        case "adultQuestion": "Q"
        default: "-"
        }
    }

    /// One line for tables and diffs.
    package var label: String {
        // Communication limits change what opens, so a diff that only they explain names them.
        let limits = communicationLimited == true ? " communication limits" : ""
        let known = tier.map { " \($0) \(source ?? "")\(limits)" } ?? ""
        let open = features.filter(\.allowed).map(\.name)
        return "asked \(askedAt); \(policy)\(known); open: \(open.isEmpty ? "none" : open.joined(separator: ","))"
    }
}
