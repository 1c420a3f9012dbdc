import AgeSignals

/// What the app knows about the person's age: the only input of every feature decision.
public enum AgePolicy: Hashable, Sendable {
    /// Nothing asked yet (or the stored record was unreadable).
    case notAsked
    /// The person (or a guardian) declined to share: an answer, remembered, never re-asked.
    case declined
    /// The system could not answer this launch; checked again at the next launch.
    case unavailable
    /// A shared range, reduced to the smallest thing the features need.
    case known(tier: AgeTier, source: TrustLevel, communicationLimited: Bool)

    /// The policy a shared range gives under the app's gates.
    @inlinable
    public init(range: AgeRange, gates: AgeGates) {
        self = .known(
            tier: AgeTier(lowerBound: range.lowerBound, gates: gates),
            source: TrustLevel(declaration: range.declaration),
            communicationLimited: range.parentalControls.contains(.communicationLimits))
    }

    /// The policy a system response gives under the app's gates.
    public init(response: AgeRangeResponse, gates: AgeGates) {
        switch response {
        case .sharing(let range): self.init(range: range, gates: gates)
        case .declinedSharing: self = .declined
        }
    }

    /// Below 26 there is no age range API: the app asks "18 or older?" (never a date) and the
    /// answer is stored as self-declared. "No" reads as the youngest tier.
    public static func adultQuestion(isAdult: Bool, gates: AgeGates, adultAge: Int = 18) -> AgePolicy {
        .known(
            tier: AgeTier(lowerBound: isAdult ? adultAge : nil, gates: gates), source: .selfDeclared,
            communicationLimited: false)
    }

    /// The tier when known.
    public var tier: AgeTier? {
        if case .known(let tier, _, _) = self { tier } else { nil }
    }

    /// Whether this is a shared range.
    public var isKnown: Bool { tier != nil }

    /// A stable name: `notAsked`, `declined`, `unavailable` or `known`.
    public var stateName: String {
        switch self {
        case .notAsked: "notAsked"
        case .declined: "declined"
        case .unavailable: "unavailable"
        case .known: "known"
        }
    }
}
