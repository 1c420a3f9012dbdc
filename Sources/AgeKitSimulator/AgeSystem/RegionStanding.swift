/// How the simulated system treats a region for one person on one day, and which of the
/// region's two dates (Apple's rollout or the law's) that follows. Every command prints it,
/// so no answer hides which date it comes from.
public struct RegionStanding: Hashable, Sendable, Encodable {
    /// The region's name, the subject of ``text``.
    public var regionName: String
    /// Nil where the region has neither date (the unregulated default).
    public var follows: Region.DateBasis?
    /// The day followed: Apple's rollout, else the law's date.
    public var from: CalendarDay?
    /// Whether `from` has come.
    public var inEffect: Bool
    /// False when the rule covers only new accounts and this one is older.
    public var covered: Bool
    /// The other fact, said even where the system does not follow it.
    public var lawEffectiveFrom: CalendarDay?
    /// Whether the rule covers only accounts created from ``newAccountsFrom`` on.
    public var newAccountsOnly: Bool
    /// The first day of accounts the rule covers; nil when it covers every account.
    public var newAccountsFrom: CalendarDay?
    /// When the person's account was created; nil is unknown and counts as new.
    public var accountCreated: CalendarDay?

    /// Whether the region's rule applies to this person today.
    public var applies: Bool { inEffect && covered }

    /// One line: `Utah follows Apple's rollout: in effect since 2026-05-06 for new accounts;
    /// the law's date is 2027-05-06`.
    public var text: String {
        guard let follows, let from else {
            return "\(regionName): no law's date and no Apple rollout, the same on every day"
        }
        var state: String
        if !inEffect {
            state = "not yet, from \(from)"
        } else if !covered {
            // An account of unknown age counts as new: one not covered always has a day.
            let created = accountCreated.map(\.description) ?? "?"
            let cutoff = newAccountsFrom.map(\.description) ?? "?"
            state =
                "in effect since \(from), but not for this account (created \(created), new accounts from \(cutoff))"
        } else {
            state = "in effect since \(from)" + (newAccountsOnly ? " for new accounts" : "")
        }
        switch follows {
        case .appleRollout:
            let law = lawEffectiveFrom.map { "the law's date is \($0)" } ?? "the sources give no law's date"
            return "\(regionName) follows Apple's rollout: \(state); \(law)"
        case .law:
            return "\(regionName) follows the law's date: \(state); the sources give no Apple rollout"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case follows, from, inEffect, covered, lawEffectiveFrom, newAccountsFrom, text
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(follows, forKey: .follows)
        try container.encode(from, forKey: .from)
        try container.encode(inEffect, forKey: .inEffect)
        try container.encode(covered, forKey: .covered)
        try container.encode(lawEffectiveFrom, forKey: .lawEffectiveFrom)
        try container.encode(newAccountsFrom, forKey: .newAccountsFrom)
        try container.encode(text, forKey: .text)
    }
}
