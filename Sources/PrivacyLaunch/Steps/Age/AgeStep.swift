import AgeGating
import AgeSignals

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
