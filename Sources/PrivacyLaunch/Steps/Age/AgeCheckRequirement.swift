import AgeGating
import AgeSignals

/// What the system said when asked whether this person needs an age check (26.2+).
public enum AgeCheckRequirement: String, Hashable, Sendable, Codable {
    /// The law applies to this person: ask for the range.
    case required
    /// No age check is required here.
    case notRequired
    /// The check failed or could not run: the careful side asks for the range.
    case unknown

    /// Combines the two unreliable signals as Apple support advises: either one saying
    /// "required" is enough; "not required" needs every answered signal to agree; a signal
    /// that threw counts as unknown, and unknown alone means ask.
    /// - Parameters:
    ///   - regulatoryFeatures: 26.4+ `requiredRegulatoryFeatures`, nil when not called,
    ///     `.failure` when it threw.
    ///   - eligibility: 26.2+ `isEligibleForAgeFeatures`, same convention.
    public init(
        regulatoryFeatures: Result<Set<RegulatoryFeature>, AgeRangeProviderError>?,
        eligibility: Result<Bool, AgeRangeProviderError>?
    ) {
        var answers: [Bool] = []
        switch regulatoryFeatures {
        case .success(let features): answers.append(features.contains(.declaredAgeRangeRequired))
        case .failure, nil: break
        }
        switch eligibility {
        case .success(let eligible): answers.append(eligible)
        case .failure, nil: break
        }
        if answers.contains(true) {
            self = .required
        } else if case .failure = regulatoryFeatures {
            // Eligibility misreports false: it never stands in for a failed authoritative check.
            self = .unknown
        } else if answers.isEmpty {
            self = .unknown
        } else {
            self = .notRequired
        }
    }
}

extension LaunchSignals.Regulation {
    /// The requirement the age step read, as the launch table's verdict.
    public init(_ requirement: AgeCheckRequirement) {
        switch requirement {
        case .required: self = .required
        case .notRequired: self = .notRequired
        case .unknown: self = .unknown
        }
    }
}

extension AgeCheckRequirement {
    /// The launch table's verdict (`LaunchSignals.regulation(on:)`) as the age step reads it.
    public init(_ regulation: LaunchSignals.Regulation) {
        switch regulation {
        case .required: self = .required
        case .notRequired: self = .notRequired
        case .unknown: self = .unknown
        }
    }
}
