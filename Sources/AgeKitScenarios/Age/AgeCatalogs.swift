import AgeKitSimulator
import AgeSignals

/// `agekit age personas` and `agekit age regions`.
package enum AgeCatalogs {
    package static func personas(json: Bool) -> String {
        let personas = SandboxPersona.all
        if json {
            return AgeJSON.array(
                personas.map { persona in
                    .object([
                        "name": .string(persona.name), "summary": .string(persona.summary), "age": .int(persona.age),
                        "declaration": .string(persona.declaration.rawValue),
                        "significantUpdateApplicable": .bool(persona.significantUpdateApplicable),
                        "guardianAnswer": .string(persona.guardianAnswer.rawValue), "note": .optional(persona.note),
                    ])
                }
            ).rendered()
        }
        let width = personas.reduce(0) { max($0, $1.name.count) }
        return personas.map { persona in
            let line = persona.name + String(repeating: " ", count: width - persona.name.count + 2) + persona.summary
            let indent = String(repeating: " ", count: width + 2)
            return line + (persona.note.map { "\n\(indent)note: \($0)" } ?? "")
        }.joined(separator: "\n")
    }

    package static func regions(json: Bool) -> String {
        let regions = RegionCatalog.standard.regions
        if json {
            return AgeJSON.array(
                regions.map { region in
                    .object([
                        "id": .string(region.id), "name": .string(region.name), "law": .optional(region.law),
                        "inEffectFrom": .optional(region.inEffectFrom?.description),
                        "follows": .optional(region.follows?.rawValue),
                        "lawEffectiveFrom": .optional(region.lawEffectiveFrom?.description),
                        "appleRolloutFrom": .optional(region.appleRolloutFrom?.description),
                        "newAccountsOnly": .bool(region.newAccountsOnly == true),
                        "signalIsActualKnowledge": .bool(region.signalIsActualKnowledge == true),
                        "cadenceRule": .optional(region.cadenceRule),
                        "regulated": .bool(region.regulated),
                        "lawBands": region.lawBands.map { .array($0.map(AgeJSON.int)) } ?? .null,
                        "canDecline": .bool(region.canDecline), "maximumAge": .optional(region.maximumAge),
                        "regulatoryFeatures": .object([
                            "minor": .array(region.regulatoryFeatures.minor.map { .string($0.rawValue) }),
                            "adult": .array(region.regulatoryFeatures.adult.map { .string($0.rawValue) }),
                        ]),
                        "eligibilityFalseNegativesReported": .bool(region.eligibilityFalseNegativesReported),
                        "adultDownloadsRequireConfirmedAdult": .bool(region.adultDownloadsRequireConfirmedAdult),
                        "cadence": .optional(region.cadence),
                        "sources": .object([
                            "law": .optional(region.sources?.law),
                            "appleRollout": .optional(region.sources?.appleRollout),
                            "features": .optional(region.sources?.features),
                        ]),
                    ])
                }
            ).rendered()
        }
        let width = regions.reduce(0) { max($0, $1.id.count) }
        return regions.map { region in
            var facts: [String] = [region.name]
            switch (region.follows, region.inEffectFrom) {
            case (.appleRollout?, let since?): facts.append("from \(since), Apple's rollout")
            case (.law?, let since?): facts.append("from \(since), the law's date; no Apple rollout")
            default: break
            }
            if region.follows == .appleRollout, let law = region.lawEffectiveFrom { facts.append("law \(law)") }
            if region.newAccountsOnly == true { facts.append("new accounts only") }
            if region.signalIsActualKnowledge == true { facts.append("the signal is actual knowledge") }
            facts.append(region.regulated ? "regulated" : "unregulated")
            if let bands = region.lawBands { facts.append("bands \(bands.map(String.init).joined(separator: ","))") }
            if !region.canDecline { facts.append("cannot decline") }
            if let maximum = region.maximumAge { facts.append("max \(maximum)") }
            if region.adultDownloadsRequireConfirmedAdult { facts.append("18+ downloads need a confirmed adult") }
            if region.eligibilityFalseNegativesReported { facts.append("eligibility false negatives reported") }
            return region.id + String(repeating: " ", count: width - region.id.count + 2)
                + facts.joined(separator: "; ")
        }.joined(separator: "\n")
    }
}
