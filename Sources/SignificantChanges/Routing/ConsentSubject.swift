import AgeGating
import AgeSignals

/// Who is asked about a significant change, derived from the age answer: the routing table's
/// rows. Only the lower bound and the declaration are read.
public enum ConsentSubject: String, Hashable, Sendable, CaseIterable {
    /// Under 18: a guardian is asked.
    case minor
    /// An adult whose age was checked (card, ID or another method).
    case confirmedAdult
    /// An adult who only declared their age (or whose declaration is unknown to AgeKit).
    case unconfirmedAdult
    /// The person declined to share an age range.
    case declined
    /// No answer: the service was unavailable or failed.
    case unavailable

    /// The age from which a person is an adult for consent purposes.
    public static let adultAge = 18

    /// - Parameter response: nil when there is no answer (an error, an old OS).
    public init(response: AgeRangeResponse?) {
        switch response {
        case nil: self = .unavailable
        case .declinedSharing: self = .declined
        case .sharing(let range): self.init(range: range)
        }
    }

    /// A nil lower bound is below the lowest gate: a minor. Range comparison, never `==`.
    public init(range: AgeRange) {
        guard let lower = range.lowerBound, lower >= Self.adultAge else {
            self = .minor
            return
        }
        self = TrustLevel(declaration: range.declaration) == .confirmed ? .confirmedAdult : .unconfirmedAdult
    }

    /// From the gate's tier and trust level: `confirmed` (and the person's own 26.2 check
    /// methods) makes a confirmed adult; self- or guardian-declared (a guardian's check
    /// method included) and unknown cases do not.
    public init(tier: AgeTier, trust: TrustLevel) {
        guard tier.isAtLeast(Self.adultAge) else {
            self = .minor
            return
        }
        self = trust == .confirmed ? .confirmedAdult : .unconfirmedAdult
    }

    /// Whether the person is an adult, confirmed or not.
    public var isAdult: Bool { self == .confirmedAdult || self == .unconfirmedAdult }
}
