/// Where one change stands for this person on this device.
public struct ChangeProgress: Hashable, Sendable {
    /// Where the change stands.
    public enum Status: String, Hashable, Sendable {
        /// The original install already contained it.
        case exempt
        /// Waiting for a guardian, an acknowledgment, a verification or another device.
        case pending
        /// A guardian approved.
        case approved
        /// The adult acknowledged it.
        case acknowledged
        /// No significant-change feature applies to this person: no flow.
        case cleared

        /// Whether it counts as consented to (exempt, approved or acknowledged).
        public var countsAsAcknowledged: Bool { self == .exempt || self == .approved || self == .acknowledged }
    }

    /// The catalog's change, or the one a rating change raised.
    public let change: SignificantChange
    /// Set for the change raised by a rating change.
    public let ratingChange: RatingChange?
    /// Where the change stands.
    public internal(set) var status: Status
    /// Who is asked or told about the change; nil until routed.
    public internal(set) var route: ConsentRoute?
    /// The guardian request, when the route asks a guardian.
    public internal(set) var request: GuardianRequest?
    /// What the original install version says about this change (nil for rating changes).
    public internal(set) var exemption: SignificantChange.Exemption?
    /// Whether the app has been told to block the change's scope.
    public internal(set) var isBlocked = false
    /// Questions sent so far (the next question's number).
    var attempts = 0

    init(change: SignificantChange, ratingChange: RatingChange? = nil, status: Status) {
        self.change = change
        self.ratingChange = ratingChange
        self.status = status
    }

    /// The change's identifier.
    public var id: String { change.id }
}
