import AgeGating
import AgeKitSimulator
import AgeSignals

extension AgeOutcome {
    package func json(_ scenario: AgeScenario) -> AgeJSON {
        var response: [String: AgeJSON] = [
            "kind": .null, "lowerBound": .null, "upperBound": .null, "declaration": .null, "error": .null,
            "parentalControls": .array([]),
        ]
        switch self.response {
        case .success(.sharing(let range)):
            response["kind"] = .string("sharing")
            response["lowerBound"] = .optional(range.lowerBound)
            response["upperBound"] = .optional(range.upperBound)
            response["declaration"] = .optional(range.declaration?.rawValue)
            response["parentalControls"] = .array(
                range.parentalControls.contains(.communicationLimits) ? [.string("communicationLimits")] : [])
        case .success(.declinedSharing):
            response["kind"] = .string("declinedSharing")
        case .failure(let error):
            response["kind"] = .string("error")
            response["error"] = .string(error.rawValue)
        }
        var policyFields: [String: AgeJSON] = [
            "state": .string(policy.stateName), "tier": .null, "source": .null, "communicationLimited": .null,
            "askedAt": .string(askedAt.rawValue),
        ]
        if case .known(let tier, let source, let limited) = policy {
            policyFields["tier"] = .string(tier.description)
            policyFields["source"] = .string(source.rawValue)
            policyFields["communicationLimited"] = .bool(limited)
        }
        var decisions: [String: AgeJSON] = [:]
        for (name, decision) in self.decisions {
            decisions[name] = .object([
                "allowed": .bool(decision.isAllowed), "reason": .string(decision.reason.rawValue),
                "nextStep": .string(decision.nextStep.rawValue),
            ])
        }
        let person: [String: AgeJSON] = [
            "persona": .optional(scenario.personaName), "declaration": .string(scenario.person.declaration.rawValue),
            "sharing": .string(scenario.person.sharing.shares ? "shares" : "declines"),
            "communicationLimits": .bool(scenario.person.parentalControls.contains(.communicationLimits)),
        ]
        return .object([
            "input": .object([
                "person": .object(person), "region": .string(scenario.region.id),
                "os": .string(scenario.capabilities.os.description),
                "platform": .string(scenario.capabilities.platform.rawValue),
                "gates": .array(scenario.profile.gates.values.map(AgeJSON.int)),
                "date": .string(scenario.today.description),
                "regionRule": Self.json(scenario.region.standing(of: scenario.person, on: scenario.today)),
                "defaults": .array((scenario.shared?.defaults ?? []).map(AgeJSON.string)),
                "notHonoured": .array((scenario.shared?.notHonoured ?? []).map(AgeJSON.string)),
                "cadence": .string(
                    CadenceRule.inForce(
                        app: scenario.profile.cadence,
                        region: scenario.region.applying(to: scenario.person).cadenceRule(on: scenario.today)
                    ).description),
            ]),
            "response": .object(response),
            "signals": .object([
                "isEligible": .optional(signals.isEligible),
                "regulatoryFeatures": signals.regulatoryFeatures.map { features in
                    .array(features.map { $0.rawValue }.sorted().map(AgeJSON.string))
                } ?? .null,
                "eligibilityFailure": .optional(signals.eligibilityFailure.map(Self.name)),
                "regulatoryFeaturesFailure": .optional(signals.regulatoryFeaturesFailure.map(Self.name)),
            ]),
            "regulation": .string(regulation.rawValue),
            "permissionRequests": .array(
                permissionRequests.map { request in
                    .object([
                        "feature": .string(request.feature), "topic": .string("communication"),
                        "state": .string(request.result.request.state.name),
                        "steps": .array(
                            request.result.steps.map { step in
                                .object([
                                    "at": .string(step.at.formatted(.iso8601)), "event": .string(step.event),
                                    "state": .string(step.state), "actions": .array(step.actions.map(AgeJSON.string)),
                                ])
                            }),
                    ])
                }),
            "asksAtLaunch": .bool(asksAtLaunch),
            "policy": .object(policyFields),
            "decisions": .object(decisions),
        ])
    }

    private var askedPhrase: String {
        switch askedAt {
        case .launch: "asked at launch"
        case .firstUse: "asked on first use of a gated feature"
        case .adultQuestion: "the app's own \"18 or older?\" question, stored as self-declared"
        case .never: "never asked"
        }
    }

    /// Says where a significant-change feature comes from the sandbox persona's switch
    /// rather than the region's law (the reason names the fact it comes from).
    package func sandboxFeatures(_ scenario: AgeScenario) -> String? {
        guard scenario.person.significantUpdateApplicable, let reported = signals.regulatoryFeatures else { return nil }
        let region = scenario.region.applying(to: scenario.person)
        let minor = scenario.person.systemAge(on: scenario.today) < (region.maximumAge ?? 18)
        let fromLaw = region.isRegulated(on: scenario.today) ? region.features(minor: minor, on: scenario.today) : []
        let fromSandbox = reported.subtracting(fromLaw).filter { $0 != .declaredAgeRangeRequired }
        guard !fromSandbox.isEmpty else { return nil }
        let names = fromSandbox.map(\.rawValue).sorted().joined(separator: ", ")
        return "\(names) from the sandbox persona's significant-update switch, not from \(region.name)'s law"
    }

    /// Which of the region's dates the answer follows, as `scenario.regionRule` in the other commands.
    package static func json(_ standing: RegionStanding) -> AgeJSON {
        .object([
            "follows": .optional(standing.follows?.rawValue), "from": .optional(standing.from?.description),
            "inEffect": .bool(standing.inEffect), "covered": .bool(standing.covered),
            "lawEffectiveFrom": .optional(standing.lawEffectiveFrom?.description),
            "newAccountsFrom": .optional(standing.newAccountsFrom?.description), "text": .string(standing.text),
        ])
    }

    package static func name(_ failure: AgeGate.Failure) -> String {
        switch failure {
        case .error(let error): error.rawValue
        case .timedOut: "timedOut"
        }
    }

    package func text(_ scenario: AgeScenario) -> String {
        let who = scenario.shared?.personDescription ?? scenario.personaName ?? "custom person"
        let device = "\(scenario.capabilities.platform.rawValue) \(scenario.capabilities.os)"
        var lines = [
            "Person          \(who), \(scenario.person.declaration.rawValue), in \(scenario.region.id) on \(device), \(scenario.today)"
                + (scenario.shared?.defaultsNote ?? ""),
            "Region rule     \(scenario.region.standing(of: scenario.person, on: scenario.today).text)",
            "App gates       \(scenario.profile.gates)",
        ]
        switch response {
        case .success(.sharing(let range)):
            let lower = range.lowerBound.map(String.init) ?? "nil"
            let upper = range.upperBound.map(String.init) ?? "nil"
            let limits = range.parentalControls.contains(.communicationLimits) ? ", communication limits" : ""
            lines.append(
                "System returns  sharing \(lower)...\(upper), \(range.declaration?.rawValue ?? "no declaration")\(limits)"
            )
        case .success(.declinedSharing):
            lines.append("System returns  declinedSharing")
        case .failure(let error):
            lines.append("System returns  error \(error.rawValue)")
        }
        let eligible = signals.isEligible.map { $0 ? "true" : "false" } ?? "n/a"
        let features = signals.regulatoryFeatures.map {
            $0.isEmpty ? "none" : $0.map(\.rawValue).sorted().joined(separator: ", ")
        }
        lines.append(
            "Signals         eligible \(eligible); regulatory features \(features ?? "n/a")"
                + (sandboxFeatures(scenario).map { " (\($0))" } ?? ""))
        lines.append("Regulation      \(regulation.rawValue)")
        lines.append("Asks at launch  \(asksAtLaunch ? "yes" : "no")")
        switch policy {
        case .known(let tier, let source, let limited):
            // A "no" to the app's own question is stored as the youngest tier; say what it means.
            let shown = askedAt == .adultQuestion && !tier.isAtLeast(18) ? "under 18 (stored as \(tier))" : "\(tier)"
            lines.append(
                "Policy          known: tier \(shown), source \(source.rawValue), communication limits \(limited ? "on" : "off") (\(askedPhrase))"
            )
        default:
            lines.append("Policy          \(policy.stateName) (\(askedPhrase))")
        }
        lines.append("Features")
        let width = decisions.reduce(0) { max($0, $1.name.count) }
        for (name, decision) in decisions {
            let pad = String(repeating: " ", count: width - name.count + 2)
            let step = decision.nextStep == .none ? "" : "  next: \(decision.nextStep.rawValue)"
            lines.append(
                "  \(name)\(pad)\(decision.isAllowed ? "open  " : "closed")  \(decision.reason.rawValue)\(step)")
        }
        for request in permissionRequests {
            lines.append(
                "Permission request for \(request.feature) (communication topic): \(request.result.request.state.name)")
            for step in request.result.steps {
                let actions = step.actions.isEmpty ? "" : " -> \(step.actions.joined(separator: ", "))"
                lines.append("  \(step.at.formatted(.iso8601)) \(step.event): \(step.state)\(actions)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
