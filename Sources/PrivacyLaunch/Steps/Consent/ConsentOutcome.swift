/// How the consent step ended; the tracking table reads it.
public enum ConsentOutcome: Hashable, Sendable {
    /// The step failed, for this reason: the tracking prompt is not shown.
    case failed(ConsentFailure)
    /// The owner turned the form off (the refresh still ran).
    case formTurnedOff
    /// The SDK needs no form for this person.
    case noFormRequired
    /// The person answered the form at this launch.
    case answered(AdsChoices)
    /// The person answered at an earlier launch, less than 13 months ago.
    case keptEarlierAnswer(AdsChoices)

    /// The person's choices, when they answered a form (now or earlier).
    public var choices: AdsChoices? {
        switch self {
        case .answered(let choices), .keptEarlierAnswer(let choices): choices
        default: nil
        }
    }
}

/// Why the consent step failed.
public enum ConsentFailure: String, Hashable, Sendable, Codable {
    /// The SDK could not refresh the consent status (network, SDK error).
    case refreshFailed
    /// The SDK refreshed but still cannot say whether a form is required.
    case requirementUnknown
    /// A form is required but the SDK cannot show one.
    case formUnavailable
    /// The form failed while it was shown.
    case formFailed
    /// The form closed without an answer.
    case formNotAnswered
}

extension ConsentOutcome {
    /// A short, stable decision word for reports.
    public var code: String {
        switch self {
        case .failed(let failure): "failed (\(failure.rawValue))"
        case .formTurnedOff: "form turned off"
        case .noFormRequired: "no form required"
        case .answered: "form answered"
        case .keptEarlierAnswer: "earlier answer kept"
        }
    }
}
