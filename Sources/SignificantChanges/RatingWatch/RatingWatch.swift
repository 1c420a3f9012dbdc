/// Watches the App Store age rating code for changes. The codes have no published meaning,
/// so the only operation is comparing with the last stored value.
///
/// - nil means the rating is unavailable: it decides nothing.
/// - 0 is what Xcode, the sandbox and TestFlight return: it never becomes the baseline.
/// - The first real value becomes the baseline silently (a fresh install consents to the
///   rating it downloaded).
/// - A later different value raises a ``RatingChange``; the baseline moves only once
///   ``resolve(_:)`` is called for it.
public struct RatingWatch: Hashable, Sendable, Codable {
    /// The code the person consented to; nil until the first real value.
    public private(set) var baseline: Int?
    /// The change waiting for consent, if any.
    public private(set) var pendingChange: RatingChange?

    /// The code development builds read.
    public static let developmentCode = 0

    /// A watch as stored; a development code is never kept as the baseline.
    public init(baseline: Int? = nil, pendingChange: RatingChange? = nil) {
        self.baseline = baseline == Self.developmentCode ? nil : baseline
        self.pendingChange = self.baseline == nil ? nil : pendingChange
    }

    /// What one reading of the rating code means.
    public enum Observation: Hashable, Sendable {
        /// nil: the rating is unavailable; nothing changes.
        case unavailable
        /// 0 from a development build; nothing changes.
        case developmentCode
        /// The first real value, stored silently.
        case baselineSet(Int)
        /// The baseline again, with nothing pending.
        case unchanged(Int)
        /// A new change awaiting resolution (replaces an earlier unresolved one).
        case changed(RatingChange)
        /// The same change is still unresolved.
        case stillPending(RatingChange)
        /// The rating went back to the baseline before the change was resolved.
        case changeWithdrawn(RatingChange)
    }

    /// Compares a reading with the baseline and the pending change, and updates them.
    public mutating func observe(_ code: Int?) -> Observation {
        guard let code else { return .unavailable }
        guard code != Self.developmentCode else { return .developmentCode }
        guard let baseline else {
            self.baseline = code
            return .baselineSet(code)
        }
        if let pendingChange {
            if code == pendingChange.new { return .stillPending(pendingChange) }
            if code == baseline {
                self.pendingChange = nil
                return .changeWithdrawn(pendingChange)
            }
        } else if code == baseline {
            return .unchanged(code)
        }
        let change = RatingChange(old: baseline, new: code)
        pendingChange = change
        return .changed(change)
    }

    /// Moves the baseline to the change's new code once the change is resolved (approved,
    /// acknowledged, or no flow required). Returns false for a change that is not pending.
    @discardableResult
    public mutating func resolve(_ change: RatingChange) -> Bool {
        guard pendingChange == change else { return false }
        baseline = change.new
        pendingChange = nil
        return true
    }
}

/// The rating code moved from `old` to `new`.
public struct RatingChange: Hashable, Sendable, Codable {
    /// The baseline code.
    public let old: Int
    /// The code read now.
    public let new: Int

    /// The change from `old` to `new`.
    public init(old: Int, new: Int) {
        self.old = old
        self.new = new
    }
}
