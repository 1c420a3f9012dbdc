import AgeSignals

extension SimulatedAgeSystem {
    /// The response to a request with `gates` on `today`, without faults or call checks.
    /// Pure: the CLI and the benchmark sweep call it directly.
    public static func answer(gates: AgeGates, setup: Setup, today: CalendarDay) -> AgeRangeResponse {
        let person = setup.person
        let region = setup.region.applying(to: person)
        if !person.sharing.shares && region.allowsDeclining(on: today) {
            return .declinedSharing
        }
        let age = person.systemAge(on: today)
        let bands = region.bands(for: gates, on: today)
        var lower: Int?
        var upper: Int?
        for band in bands {
            if band <= age {
                lower = band
            } else {
                upper = band - 1
                break
            }
        }
        return .sharing(
            AgeRange(
                lowerBound: lower, upperBound: upper,
                declaration: layered(person.declaration, checkMethod: person.checkMethod, on: setup.capabilities),
                parentalControls: person.parentalControls))
    }

    /// Eligibility as the system reports it, misreports included.
    public static func eligibility(setup: Setup, today: CalendarDay) -> Bool {
        if setup.capabilities.eligibilityAlwaysFalse { return false }
        let region = setup.region.applying(to: setup.person)
        let regulated = region.isRegulated(on: today)
        if regulated && setup.faults.eligibilityFalseNegative && region.eligibilityFalseNegativesReported {
            return false
        }
        return regulated || setup.faults.eligibilityFalsePositive
    }

    /// The regulatory features for this person: the region's list for a minor or an adult,
    /// plus the significant-change feature when the person's sandbox switch is on.
    public static func regulatoryFeatures(setup: Setup, today: CalendarDay) -> Set<RegulatoryFeature> {
        let majority = setup.region.maximumAge ?? 18
        let minor = setup.person.systemAge(on: today) < majority
        let region = setup.region.applying(to: setup.person)
        var features = region.isRegulated(on: today) ? region.features(minor: minor, on: today) : []
        if setup.person.significantUpdateApplicable {
            features.insert(
                minor ? .significantAppChangeRequiresParentalConsent : .significantAppChangeRequiresAdultNotification)
        }
        // macOS does not require age assurance for the person or the device: it never reports
        // that an age range is required (the significant-change features still apply).
        if !setup.capabilities.requiresAgeAssurance { features.remove(.declaredAgeRangeRequired) }
        return features
    }

    /// The declaration as a given OS reports it: 26.5 and later say `confirmed` for the
    /// person's own method cases and `guardianDeclared` for a guardian's; 26.2 to 26.4 say the method case for `confirmed`; 26.0 and 26.1 know only
    /// self and guardian declarations. Unknown cases pass through.
    public static func layered(
        _ declaration: AgeRangeDeclaration, checkMethod: AgeRangeDeclaration, on capabilities: PlatformCapabilities
    ) -> AgeRangeDeclaration {
        guard declaration == .confirmed || declaration.isCheckMethod else { return declaration }
        // A guardian's check confirms the guardian, not the person: 26.5 folds only the
        // person's own checks into `confirmed` (the careful reading), a guardian's stays declared.
        if capabilities.reportsConfirmed {
            return declaration.rawValue.hasPrefix("guardian") ? .guardianDeclared : .confirmed
        }
        if capabilities.os >= OSVersion(26, 2) {
            return declaration == .confirmed
                ? (checkMethod.isCheckMethod ? checkMethod : .governmentIDChecked) : declaration
        }
        let guardian = (declaration == .confirmed ? checkMethod : declaration).rawValue.hasPrefix("guardian")
        return guardian ? .guardianDeclared : .selfDeclared
    }

    /// An error as a given OS throws it: the 27.0 cases do not exist before 27.0, where the
    /// same failure surfaces as `notAvailable`.
    public static func layered(
        _ error: AgeRangeProviderError, on capabilities: PlatformCapabilities
    ) -> AgeRangeProviderError {
        guard let introduced = error.introducedIn else { return error }
        return capabilities.os >= introduced ? error : .notAvailable
    }
}
