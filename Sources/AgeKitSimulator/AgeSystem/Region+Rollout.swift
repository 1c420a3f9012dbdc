extension Region {
    /// Which of a region's two dates the simulated system follows.
    public enum DateBasis: String, Hashable, Sendable, Codable {
        /// Apple's announced rollout: what a device does, whether or not the law has moved since
        /// (seed 000 found no Apple update after Utah and Louisiana moved their laws to 2027).
        case appleRollout
        /// The law's date, where the sources give no Apple rollout (Alabama, California): the
        /// simulator assumes the system starts with the law, so an app is ready by then.
        case law
    }

    /// The date the simulated system follows: Apple's rollout where the sources give one, else
    /// the law's; nil where the region has neither (the unregulated default).
    public var follows: DateBasis? {
        if appleRolloutFrom != nil { return .appleRollout }
        return lawEffectiveFrom == nil ? nil : .law
    }

    /// The day the simulated system starts applying the region: Apple's rollout where it
    /// announced one (a device follows Apple, not the statute), else the law's date; nil
    /// applies on every day. Before it the region behaves as unregulated.
    public var inEffectFrom: CalendarDay? { appleRolloutFrom ?? lawEffectiveFrom }

    /// How the system treats `person` here on `day`, and which date that follows.
    public func standing(of person: SimulatedPerson, on day: CalendarDay) -> RegionStanding {
        RegionStanding(
            regionName: name, follows: follows, from: inEffectFrom, inEffect: isInEffect(on: day),
            covered: covers(person), lawEffectiveFrom: lawEffectiveFrom, newAccountsOnly: newAccountsOnly == true,
            newAccountsFrom: newAccountsFrom, accountCreated: person.accountCreated)
    }
}
