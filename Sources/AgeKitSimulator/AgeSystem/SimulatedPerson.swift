import AgeSignals

/// Whether a person shares their age range when an app asks.
public enum SharingBehaviour: Hashable, Sendable {
    /// Shares whenever asked.
    case shares
    /// Declines whenever asked (where the law lets them).
    case declines
    /// A family member: the guardian's standing choice decides (always share or never share).
    case guardianDecides(shares: Bool)

    /// Whether an ask ends with the range shared, before regional law is applied.
    public var shares: Bool {
        switch self {
        case .shares: true
        case .declines: false
        case .guardianDecides(let shares): shares
        }
    }
}

/// How a guardian answers a significant-change permission question (PermissionKit). Adults
/// have no guardian: asking for them fails with `AskError.notAvailable`.
public enum GuardianPermissionAnswer: String, Hashable, Sendable, CaseIterable {
    /// The guardian approves the change.
    case approve
    /// The guardian declines the change.
    case decline
    /// No guardian to ask (an adult): the question fails.
    case notAvailable
}

/// Someone the simulated system knows. The birth date stays inside the simulator: apps only
/// ever see a range computed from it.
public struct SimulatedPerson: Hashable, Sendable {
    /// A label for listings and reports (a persona's name, or `custom`).
    public var name: String
    /// Known only to the simulator.
    public var birthDate: CalendarDay
    /// The declaration in today's vocabulary (`confirmed` for a checked age).
    public var declaration: AgeRangeDeclaration
    /// The 26.2 method case that 26.2 to 26.4 report instead of `confirmed`.
    public var checkMethod: AgeRangeDeclaration
    /// The day of the declaration: the cached answer refreshes on its anniversaries.
    public var declaredOn: CalendarDay
    /// Whether the person shares their range when an app asks.
    public var sharing: SharingBehaviour
    /// The parental controls the system reports (for a family member).
    public var parentalControls: ParentalControls
    /// The sandbox's "significant update notification applicable" switch.
    public var significantUpdateApplicable: Bool
    /// How the guardian answers a significant-change permission question.
    public var guardianAnswer: GuardianPermissionAnswer
    /// When the Apple Account was created; nil is unknown and counts as a new account.
    public var accountCreated: CalendarDay?

    /// A person; without `checkMethod` and `guardianAnswer`, both follow from whether
    /// `declaration` is a guardian's.
    public init(
        name: String, birthDate: CalendarDay, declaration: AgeRangeDeclaration, checkMethod: AgeRangeDeclaration? = nil,
        declaredOn: CalendarDay, sharing: SharingBehaviour = .shares, parentalControls: ParentalControls = [],
        significantUpdateApplicable: Bool = false, guardianAnswer: GuardianPermissionAnswer? = nil
    ) {
        self.name = name
        self.birthDate = birthDate
        self.declaration = declaration
        let guardian = declaration == .guardianDeclared || declaration.rawValue.hasPrefix("guardian")
        self.checkMethod = checkMethod ?? (guardian ? .guardianGovernmentIDChecked : .governmentIDChecked)
        self.declaredOn = declaredOn
        self.sharing = sharing
        self.parentalControls = parentalControls
        self.significantUpdateApplicable = significantUpdateApplicable
        self.guardianAnswer = guardianAnswer ?? (guardian ? .approve : .notAvailable)
    }

    /// A person who is `age` today: born 120 days past a birthday, declared 60 days ago, so
    /// the next birthday and the next anniversary are both months away.
    public static func aged(
        _ age: Int, today: CalendarDay, name: String = "custom", declaration: AgeRangeDeclaration = .selfDeclared,
        sharing: SharingBehaviour = .shares, parentalControls: ParentalControls = [],
        significantUpdateApplicable: Bool = false, guardianAnswer: GuardianPermissionAnswer? = nil
    ) -> SimulatedPerson {
        SimulatedPerson(
            name: name, birthDate: today.adding(years: -age).adding(days: -120), declaration: declaration,
            declaredOn: today.adding(days: -60), sharing: sharing, parentalControls: parentalControls,
            significantUpdateApplicable: significantUpdateApplicable, guardianAnswer: guardianAnswer)
    }

    /// The real age on a day (the simulator's secret).
    public func age(on day: CalendarDay) -> Int { birthDate.years(until: day) }

    /// The age the system answers with: the age at the last anniversary of the declaration.
    public func systemAge(on day: CalendarDay) -> Int {
        age(on: declaredOn.lastAnniversary(onOrBefore: day))
    }

    /// An update in Settings > name > Personal Information > Age Range for Apps: the answer
    /// refreshes now instead of at the next anniversary.
    public mutating func updateAgeInSettings(on day: CalendarDay) {
        declaredOn = day
    }
}
