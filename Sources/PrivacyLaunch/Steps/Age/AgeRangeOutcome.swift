import AgeSignals

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
