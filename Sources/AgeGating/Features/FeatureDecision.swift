/// Whether a feature opens for the current policy, and why: the reason drives the screen
/// (an ask button, a guardian request, nothing).
public struct FeatureDecision: Hashable, Sendable, CustomStringConvertible {
    /// Why a feature is open or closed.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// Open.
        case allowed
        /// Closed until the person shares an age range: show a "share age range" button.
        case needsAgeRange
        /// No Declared Age Range here (below 26; visionOS, tvOS, watchOS): closed until the person
        /// answers the app's own "Are you 18 or older?" (stored as self-declared; never a date).
        case needsAdultQuestion
        /// Closed for this tier; no button (asking again returns the cached range).
        case tooYoung
        /// Closed by a guardian's communication limits; the next step is a guardian permission
        /// request, never a quiet unlock.
        case blockedByParentalControls
        /// Closed by communication limits on an adult's account: there is no guardian to ask
        /// (PermissionKit throws `notAvailable` for an adult), so no request is offered; the
        /// person changes the limit in Screen Time.
        case communicationLimitsOnAdult
        /// Closed until the age is confirmed by card or ID (in the system's Settings).
        case needsConfirmedAdult
        /// The system could not answer this launch; try again at the next launch.
        case unavailable
        /// No Declared Age Range here, and nothing the app can ask decides this feature: the
        /// "18 or older?" question says nothing about 13 or 16, so a "no" does not close it as
        /// too young, and it is not offered; closed on the careful side until a "yes".
        case undecidedWithoutAgeRange
        /// A confirmed adult is needed, but without Declared Age Range nothing can confirm one
        /// (below 26 there is nothing in Settings to confirm): closed, with no next step.
        case confirmationUnavailable
    }

    /// What the app offers next on a closed feature.
    public enum NextStep: String, Hashable, Sendable {
        /// Nothing to offer: the feature is open, or nothing the app can do opens it.
        case none
        /// Show a "share age range" button; a tap asks through ``AgeGate/request(_:)``.
        case askForAgeRange
        /// Ask "Are you 18 or older?" and record it with `AgeGate.recordAdultAnswer(_:)`.
        case askAdultQuestion
        /// Offer a request to the guardian (PermissionKit's communication question).
        case requestGuardianPermission
        /// Tell the person to confirm their age in the system's Settings.
        case confirmAgeInSettings
        /// Nothing now: the system could not answer; the next launch asks again.
        case retryNextLaunch
    }

    /// Why the feature is open or closed.
    public let reason: Reason

    /// The decision for `reason`.
    @inlinable
    public init(_ reason: Reason) { self.reason = reason }

    /// The feature is open.
    public static let allowed = FeatureDecision(.allowed)

    /// Whether the feature is open.
    @inlinable
    public var isAllowed: Bool { reason == .allowed }

    /// Whether the screen shows an ask button (only when no answer is known).
    @inlinable
    public var canAsk: Bool { reason == .needsAgeRange || reason == .needsAdultQuestion }

    /// What the app offers on a closed feature, from its reason.
    public var nextStep: NextStep {
        switch reason {
        case .allowed, .tooYoung, .communicationLimitsOnAdult, .undecidedWithoutAgeRange, .confirmationUnavailable:
            .none
        case .needsAgeRange: .askForAgeRange
        case .needsAdultQuestion: .askAdultQuestion
        case .blockedByParentalControls: .requestGuardianPermission
        case .needsConfirmedAdult: .confirmAgeInSettings
        case .unavailable: .retryNextLaunch
        }
    }

    public var description: String { reason.rawValue }
}
