import AgeGating
import AgeSignals
import Foundation

/// The rows of DOMAIN §4's age-step table, in table order. Every age decision names the row
/// that produced it, so a report and a test can say which rule applied.
public enum AgeStepRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// Age protection is off: over the threshold, nobody is asked.
    case protectionOff
    /// The OS is older than 26 (no age range API): over the threshold, not asked.
    case osBelow26
    /// 26.2+: the system says this person needs no age check: over, saved.
    case noCheckRequired
    /// A shared range whose lower bound is at or above the threshold: over, saved.
    case sharedAtOrAboveThreshold
    /// A shared range whose lower bound is below the threshold (or absent): under, saved.
    case sharedBelowThreshold
    /// Declined or no answer, with an answer saved at an earlier launch: that answer.
    case declinedUsesSavedAnswer
    /// Declined or no answer and nothing saved: under, with "Age verification not possible".
    case declinedWithoutSavedAnswer
    /// The cadence rule says the next request is not due (Alabama: about once per 12 months):
    /// not asked; the answer saved at the last request (under, with the message, when none).
    case cadenceNotDue
    /// No age range API on this platform (visionOS, tvOS, watchOS): the answer saved at an
    /// earlier launch, never a request.
    case noAgeRangeAPIUsesSavedAnswer
    /// No age range API and nothing saved: the answer to the app's own "18 or older?"
    /// question, saved.
    case adultQuestion
    /// macOS never asks at launch (seed 000): the answer saved when the person shared on tap,
    /// else over, saved, as where the system says no check is required (seed 002).
    case macNeverAsksAtLaunch
    /// No age range API, nothing saved, no answer to the app's question: under, with the message.
    case noAgeRangeAPIWithoutAnswer

    /// One line for reports.
    public var summary: String {
        switch self {
        case .protectionOff: "age protection is off: counts as over the threshold, not asked"
        case .osBelow26: "OS older than 26 has no age range API: counts as over the threshold, not asked"
        case .noCheckRequired: "the system says no age check is required for this person: over, saved"
        case .sharedAtOrAboveThreshold: "the shared range starts at or above the threshold: over, saved"
        case .sharedBelowThreshold: "the shared range starts below the threshold: under, saved"
        case .declinedUsesSavedAnswer: "declined or no answer: the answer saved at an earlier launch"
        case .declinedWithoutSavedAnswer:
            "declined or no answer and nothing saved: under, 'Age verification not possible' shown"
        case .cadenceNotDue: "the cadence rule says no request is due: the answer saved at the last request"
        case .noAgeRangeAPIUsesSavedAnswer:
            "no age range API on this platform: the answer saved at an earlier launch, never a request"
        case .adultQuestion: "no age range API on this platform: the app's own \"18 or older?\" answer, saved"
        case .macNeverAsksAtLaunch:
            "the Mac never asks at launch: the answer saved when the person shared on tap, else over (no check is required), saved"
        case .noAgeRangeAPIWithoutAnswer:
            "no age range API, nothing saved and no answer to the app's question: under, 'Age verification not possible' shown"
        }
    }
}

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

/// What came back from asking for the age range.
public enum AgeRangeOutcome: Hashable, Sendable {
    /// The person shared a range.
    case sharing(AgeRange)
    /// The person declined to share.
    case declined
    /// The service threw; every error counts as "no answer" in this step.
    case failed(AgeRangeProviderError)
    /// The call did not return before the caller's deadline.
    case noAnswer

    /// Whether the system answered (a range or a decline): only such a request counts for the cadence.
    public var isAnswer: Bool {
        switch self {
        case .sharing, .declined, .failed(.declinedOnboarding): true
        case .failed, .noAnswer: false
        }
    }

    /// The outcome of a response the service returned.
    public init(_ response: AgeRangeResponse) {
        switch response {
        case .sharing(let range): self = .sharing(range)
        case .declinedSharing: self = .declined
        }
    }
}

/// One age decision: the answer, the rule, whether it is saved, and the message to show.
public struct AgeDecision: Hashable, Sendable {
    /// The answer every guard uses.
    public let answer: AgeAnswer
    /// The row of the age-step table that decided.
    public let rule: AgeStepRule
    /// Whether the answer is saved for the next launch.
    public let saves: Bool
    /// Whether the person was asked (the system sheet may have appeared).
    public let asked: Bool
    /// The message to show, if any.
    public let message: LaunchMessage?
    /// The human reason, with the values that decided it.
    public let reason: String
}

/// DOMAIN §4's age-step table as code. The step has up to three moments: before asking
/// (protection, OS), after the 26.2+ requirement check, and after the range request.
public enum AgeStep {
    /// What to do first.
    public enum Start: Hashable, Sendable {
        /// Decided without asking the system (protection off, OS below 26, ...).
        case decided(AgeDecision)
        /// 26.2+: ask the system whether this person needs an age check.
        case checkRequirement
        /// 26.0-26.1 have no region check: the cadence decides as for an unknown requirement.
        case askEveryone
    }

    /// Whether to ask, and `LaunchAsk`'s rule decides (the gate's rule too, so both agree):
    ///
    /// - Seed 000: the API works on iOS, iPadOS and macOS only. Where `requestAgeRange` does not
    ///   exist on the platform at any version (visionOS, tvOS, watchOS) it is never called: the
    ///   saved answer, else the answer to the app's own "18 or older?" question (`adultAnswer`),
    ///   else under with the message. One rule whatever the platform's version.
    /// - Seed 002: an OS older than 26 on a platform that has the API counts as over, not asked.
    /// - Seed 000: "The Mac never asks at launch and still asks on tap", and macOS's
    ///   eligibility always reads false "because macOS doesn't require age assurance": the
    ///   system says no check is required, which seed 002 counts as over, saved. An answer the
    ///   person shared on tap is kept, never overridden (``AgeStepRule/macNeverAsksAtLaunch``).
    /// - 26.0-26.1 have no region check: the cadence decides as for a required check
    ///   (`askEveryone`), since "no check" says nothing about the person.
    public static func start(
        settings: OwnerSettings, os: OSVersion, platform: Platform = .iOS, saved: AgeAnswer? = nil,
        adultAnswer: Bool? = nil
    ) -> Start {
        if !settings.ageProtection {
            return .decided(notAsked(.protectionOff, reason: AgeStepRule.protectionOff.summary))
        }
        if PlatformCapabilities.availability[.requestAgeRange]?[platform] == nil {
            return .decided(
                withoutAgeRangeAPI(platform, threshold: settings.threshold, saved: saved, adult: adultAnswer))
        }
        if os < OSVersion(26, 0) {
            return .decided(notAsked(.osBelow26, reason: "OS \(os) is older than 26: counts as over, not asked"))
        }
        let capabilities = PlatformCapabilities(platform: platform, os: os)
        if !capabilities.requiresAgeAssurance {
            return .decided(macDecision(saved: saved))
        }
        let hasRegionCheck = capabilities.hasEligibility || capabilities.hasRequiredRegulatoryFeatures
        return hasRegionCheck ? .checkRequirement : .askEveryone
    }

    /// After the requirement check: nil means ask for the range.
    public static func afterRequirement(_ requirement: AgeCheckRequirement) -> AgeDecision? {
        guard requirement == .notRequired else { return nil }
        return AgeDecision(
            answer: .over, rule: .noCheckRequired, saves: true, asked: false, message: nil,
            reason: AgeStepRule.noCheckRequired.summary)
    }

    /// After asking for the range: the shared range's lower bound against the threshold,
    /// else the saved answer, else under with the message.
    public static func decide(_ outcome: AgeRangeOutcome, threshold: Int, saved: AgeAnswer?) -> AgeDecision {
        switch outcome {
        case .sharing(let range):
            // By range comparison, never equality: a regional band starting at 14 is below 16.
            if let lower = range.lowerBound, lower >= threshold {
                return AgeDecision(
                    answer: .over, rule: .sharedAtOrAboveThreshold, saves: true, asked: true, message: nil,
                    reason: "the shared range starts at \(lower), at or above the threshold \(threshold): over, saved")
            }
            let start = range.lowerBound.map { "starts at \($0)" } ?? "starts below the lowest gate"
            return AgeDecision(
                answer: .under, rule: .sharedBelowThreshold, saves: true, asked: true, message: nil,
                reason: "the shared range \(start), below the threshold \(threshold): under, saved")
        case .declined, .failed, .noAnswer:
            let what: String
            switch outcome {
            case .failed(let error): what = "the age range service failed (\(error.rawValue))"
            case .noAnswer: what = "the age range service did not answer"
            default: what = "the person declined to share"
            }
            if let saved {
                return AgeDecision(
                    answer: saved, rule: .declinedUsesSavedAnswer, saves: false, asked: true, message: nil,
                    reason: "\(what): using the answer saved at an earlier launch (\(saved.rawValue))")
            }
            return AgeDecision(
                answer: .under, rule: .declinedWithoutSavedAnswer, saves: false, asked: true,
                message: .ageVerificationNotPossible,
                reason: "\(what) and no answer is saved: under, 'Age verification not possible' shown")
        }
    }

    /// The decision when `LaunchAsk` says this launch does not ask: over when no check is
    /// required (seed 002), else the answer saved at the last request (under, with the
    /// message, when none).
    public static func notAsking(
        _ ask: LaunchAsk, cadence: CadenceRule, record: CadenceRecord, saved: AgeAnswer?
    )
        -> AgeDecision
    {
        if ask.reason == .notRegulated { return afterRequirement(.notRequired)! }
        let last = record.lastRequestDay.map { " (last asked \($0))" } ?? ""
        if let saved {
            return AgeDecision(
                answer: saved, rule: .cadenceNotDue, saves: false, asked: false, message: nil,
                reason:
                    "cadence \(cadence): no request is due\(last); the answer saved at the last request (\(saved.rawValue))"
            )
        }
        return AgeDecision(
            answer: .under, rule: .cadenceNotDue, saves: false, asked: false, message: .ageVerificationNotPossible,
            reason:
                "cadence \(cadence): no request is due\(last) and no answer is saved: under, 'Age verification not possible' shown"
        )
    }

    private static func macDecision(saved: AgeAnswer?) -> AgeDecision {
        let why = LaunchAsk.Reason.macNeverAsksAtLaunch.summary
        guard let saved else {
            return AgeDecision(
                answer: .over, rule: .macNeverAsksAtLaunch, saves: true, asked: false, message: nil,
                reason: "\(why): no check is required, so over, saved (seed 002)")
        }
        return AgeDecision(
            answer: saved, rule: .macNeverAsksAtLaunch, saves: false, asked: false, message: nil,
            reason: "\(why): the answer saved when the person shared (\(saved.rawValue))")
    }

    private static func notAsked(_ rule: AgeStepRule, reason: String) -> AgeDecision {
        AgeDecision(answer: .over, rule: rule, saves: false, asked: false, message: nil, reason: reason)
    }
}
