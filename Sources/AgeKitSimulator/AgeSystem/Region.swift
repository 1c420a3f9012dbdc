import AgeGating
import AgeSignals

/// Where the person's account is, and what its law makes the system do. Loaded from the
/// catalog data file so the CLI, tests and tools share one list.
public struct Region: Hashable, Sendable, Codable {
    /// The regulatory features the system reports for minors and for adults.
    public struct Features: Hashable, Sendable, Codable {
        /// Reported for a person under the regional maximum.
        public var minor: [RegulatoryFeature]
        /// Reported for a person at or over the regional maximum.
        public var adult: [RegulatoryFeature]

        /// Features for minors and for adults; none by default.
        public init(minor: [RegulatoryFeature] = [], adult: [RegulatoryFeature] = []) {
            self.minor = minor
            self.adult = adult
        }
    }

    /// Where a region's facts come from, in words (the seed and its passage).
    public struct Sources: Hashable, Sendable, Codable {
        /// The passage that gives the law and its date.
        public var law: String?
        /// The passage that gives Apple's rollout date.
        public var appleRollout: String?
        /// The passage that gives the regulatory features.
        public var features: String?

        /// Sources in words; any may be absent.
        public init(law: String? = nil, appleRollout: String? = nil, features: String? = nil) {
            self.law = law
            self.appleRollout = appleRollout
            self.features = features
        }
    }

    /// `US-TX`, `BR`, ... or `default`.
    public var id: String
    /// The name people know the region by, for listings (`Texas`, `Brazil`).
    public var name: String
    /// The law in one line, for listings.
    public var law: String?
    /// When the law takes effect, as last amended (Utah and Louisiana moved to 2027); nil
    /// where the sources give the region no law's date.
    public var lawEffectiveFrom: CalendarDay?
    /// When Apple said its system starts applying the region (Texas 2026-06-04; Utah
    /// 2026-05-06 and Louisiana 2026-07-01, announced before both laws moved and not updated
    /// since); nil where the sources give no Apple rollout. ``follows`` says which of the two
    /// dates the simulated system follows.
    public var appleRolloutFrom: CalendarDay?
    /// The region's rule covers accounts created from ``newAccountsFrom`` on (Texas, Utah,
    /// Louisiana; ``covers(_:)``).
    public var newAccountsOnly: Bool?
    /// Receiving the age signal counts as actual knowledge of the age range (California): the
    /// app's own obligations start from the first answer, whatever it stores.
    public var signalIsActualKnowledge: Bool?
    /// Whether age assurance applies (eligibility true, `declaredAgeRangeRequired` reported).
    public var regulated: Bool
    /// The law's bands, replacing the app's gates; nil keeps the app's gates.
    public var lawBands: [Int]?
    /// Whether a person may decline sharing; false where the system provides the range anyway.
    public var canDecline: Bool
    /// The regional maximum (the age of majority): gates above it are lowered to it.
    public var maximumAge: Int?
    /// What the system reports from the date the region follows: only the features a source
    /// gives the region (no source gives Alabama a significant-change feature).
    public var regulatoryFeatures: Features
    /// Where the law's date, Apple's rollout and the features come from; nil in regions made
    /// for tests.
    public var sources: Sources?
    /// Production reports of eligibility reading false here.
    public var eligibilityFalseNegativesReported: Bool
    /// The App Store blocks 18+ downloads unless the account is a confirmed adult.
    public var adultDownloadsRequireConfirmedAdult: Bool
    /// How often the law lets an app ask, in words (the cadence rule the app should pick).
    public var cadence: String?
    /// The same as a cadence rule name (`every-12-months`, `download-and-launch`,
    /// `every-launch`): what the simulated app follows here unless its own settings say.
    public var cadenceRule: String?

    /// ``cadenceRule`` parsed; nil when absent or not a rule name.
    public var parsedCadenceRule: CadenceRule? { cadenceRule.flatMap { try? CadenceRule(parsing: $0) } }

    /// A region with the given facts; the defaults describe an unregulated one (for tests).
    public init(
        id: String, name: String, law: String? = nil, lawEffectiveFrom: CalendarDay? = nil,
        appleRolloutFrom: CalendarDay? = nil, regulated: Bool = false, lawBands: [Int]? = nil, canDecline: Bool = true,
        maximumAge: Int? = 18, regulatoryFeatures: Features = Features(),
        eligibilityFalseNegativesReported: Bool = false, adultDownloadsRequireConfirmedAdult: Bool = false,
        cadence: String? = nil
    ) {
        self.id = id
        self.name = name
        self.law = law
        self.lawEffectiveFrom = lawEffectiveFrom
        self.appleRolloutFrom = appleRolloutFrom
        self.regulated = regulated
        self.lawBands = lawBands
        self.canDecline = canDecline
        self.maximumAge = maximumAge
        self.regulatoryFeatures = regulatoryFeatures
        self.eligibilityFalseNegativesReported = eligibilityFalseNegativesReported
        self.adultDownloadsRequireConfirmedAdult = adultDownloadsRequireConfirmedAdult
        self.cadence = cadence
    }

    /// An unregulated region with the usual age of majority.
    public static let unregulated = Region(id: "default", name: "Unregulated region")

    /// The region as the system treats this person: where the law covers only new accounts
    /// and the person's account is older than the law, the region behaves as unregulated.
    public func applying(to person: SimulatedPerson) -> Region {
        guard !covers(person) else { return self }
        var region = self
        region.regulated = false
        region.lawBands = nil
        region.canDecline = true
        region.regulatoryFeatures = Features()
        return region
    }

    /// False only where the region's rule covers new accounts and the person's is older; an
    /// account of unknown age counts as new (the careful side).
    public func covers(_ person: SimulatedPerson) -> Bool {
        guard newAccountsOnly == true, let start = newAccountsFrom, let created = person.accountCreated else {
            return true
        }
        return created >= start
    }

    /// From when an account counts as new for a rule on new accounts: the earlier of the law's
    /// date and Apple's rollout (seed 003 note 15: Apple's post covers Utah accounts new "as of
    /// May 6, 2026", a year before the law; Texas's law dates new accounts from 2026-01-01).
    /// The careful side covers more accounts.
    public var newAccountsFrom: CalendarDay? {
        [lawEffectiveFrom, appleRolloutFrom].compactMap { $0 }.min()
    }

    /// Whether the simulated system applies the region on `day` (from ``inEffectFrom``).
    public func isInEffect(on day: CalendarDay) -> Bool {
        inEffectFrom.map { day >= $0 } ?? true
    }

    /// Whether the region is regulated on `day`.
    public func isRegulated(on day: CalendarDay) -> Bool { regulated && isInEffect(on: day) }

    /// The bands the system answers with for `gates` on `day`: the law's bands where the law
    /// is in effect, else the app's gates; both lowered to the regional maximum.
    public func bands(for gates: AgeGates, on day: CalendarDay) -> [Int] {
        var bands = (isInEffect(on: day) ? lawBands : nil) ?? gates.values
        if let maximumAge {
            bands = bands.map { min($0, maximumAge) }
        }
        var unique: [Int] = []
        unique.reserveCapacity(bands.count)
        for band in bands.sorted() where unique.last != band { unique.append(band) }
        return unique
    }

    /// The cadence rule the law sets while it applies on `day` (nil before it, or without one).
    public func cadenceRule(on day: CalendarDay) -> CadenceRule? {
        isRegulated(on: day) ? parsedCadenceRule : nil
    }

    /// Whether the App Store blocks 18+ downloads here on `day` unless the account is a
    /// confirmed adult.
    public func requiresConfirmedAdultForAdultDownloads(on day: CalendarDay) -> Bool {
        adultDownloadsRequireConfirmedAdult && isInEffect(on: day)
    }

    /// Whether a person may decline on `day`.
    public func allowsDeclining(on day: CalendarDay) -> Bool { canDecline || !isInEffect(on: day) }

    /// What the system reports for a minor or an adult on `day`.
    public func features(minor: Bool, on day: CalendarDay) -> Set<RegulatoryFeature> {
        guard isInEffect(on: day) else { return [] }
        return Set(minor ? regulatoryFeatures.minor : regulatoryFeatures.adult)
    }
}
