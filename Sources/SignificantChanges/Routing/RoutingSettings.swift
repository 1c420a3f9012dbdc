/// The developer's choices where the system leaves the behaviour open.
public struct RoutingSettings: Hashable, Sendable {
    /// An adult who is not confirmed.
    public enum UnconfirmedAdult: String, Hashable, Sendable, CaseIterable {
        /// Show the acknowledgment, as for a confirmed adult.
        case acknowledge
        /// Block until the account is verified in Settings, as Apple's sample does.
        case blockUntilVerified
    }

    /// A person who declined to share, or whose age is unavailable.
    public enum DeclinedOrUnavailable: String, Hashable, Sendable, CaseIterable {
        /// Block the changed scope with an explanation and a way to retry.
        case blockWithRetry
        /// Show the acknowledgment.
        case acknowledge
    }

    /// What happens for an adult whose age is not confirmed.
    public var unconfirmedAdult: UnconfirmedAdult
    /// What happens for a person who declined or whose age is unavailable.
    public var declinedOrUnavailable: DeclinedOrUnavailable

    /// Settings; the default acknowledges for an unconfirmed adult and blocks with a retry otherwise.
    public init(
        unconfirmedAdult: UnconfirmedAdult = .acknowledge,
        declinedOrUnavailable: DeclinedOrUnavailable = .blockWithRetry
    ) {
        self.unconfirmedAdult = unconfirmedAdult
        self.declinedOrUnavailable = declinedOrUnavailable
    }

    /// The default settings.
    public static let standard = RoutingSettings()
}
