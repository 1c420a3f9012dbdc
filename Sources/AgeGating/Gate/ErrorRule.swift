import AgeSignals

/// What the gate does with each error of the system (DOMAIN §3), as one table.
public enum ErrorRule: Hashable, Sendable {
    /// Counts as a decline, and is stored like one.
    case decline
    /// Keeps the current policy and stores nothing (a passing failure).
    case keepPolicy
    /// Unavailable for this launch, stored nothing: checked again at the next launch.
    case unavailable
    /// A programmer error (the request was wrong): asserts in debug, then unavailable.
    case programmerError

    /// | error | rule |
    /// | --- | --- |
    /// | `declinedOnboarding` | decline (stored) |
    /// | `network` | keep the current policy, store nothing |
    /// | `invalidRequest` | programmer error: assert in debug, unavailable |
    /// | `notAvailable`, `invalidAccount`, unknown, deadline passed | unavailable, not stored |
    public init(_ error: AgeRangeProviderError) {
        switch error {
        case .declinedOnboarding: self = .decline
        case .network: self = .keepPolicy
        case .invalidRequest: self = .programmerError
        case .notAvailable, .invalidAccount, .unknown: self = .unavailable
        }
    }

    /// The policy after the error, given the current one. A decline is an answer, not a
    /// failure: `declinedOnboarding` replaces whatever was known, exactly as a
    /// `.declinedSharing` response does (one rule for both, DOMAIN §3). Every other error
    /// never downgrades an answer in hand (a known range, or a decline).
    public func policy(after current: AgePolicy) -> AgePolicy {
        switch (self, current) {
        case (.decline, _): .declined
        case (_, .known), (_, .declined), (.keepPolicy, _): current
        case (.unavailable, _), (.programmerError, _): .unavailable
        }
    }
}
