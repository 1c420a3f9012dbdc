import AgeSignals

/// One of the six personas of Apple's sandbox test matrix, reproducible on Linux.
public struct SandboxPersona: Hashable, Sendable {
    /// The CLI name, such as `13to15-approved`.
    public let name: String
    /// What the persona is, in one line, for listings.
    public let summary: String
    /// The age the persona is today.
    public let age: Int
    /// How the age range was declared.
    public let declaration: AgeRangeDeclaration
    /// Whether the persona shares its range when an app asks.
    public let sharing: SharingBehaviour
    /// The sandbox's "significant update notification applicable" switch.
    public let significantUpdateApplicable: Bool
    /// How the guardian answers a significant-change permission question.
    public let guardianAnswer: GuardianPermissionAnswer

    /// What the name does not say, where it could mislead.
    public var note: String? {
        switch guardianAnswer {
        case .decline:
            "'declined' is the guardian's answer to a significant change: the person shares the same range as any 16-17; --declines makes a person decline sharing"
        case .approve:
            "'approved' is the guardian's answer to a significant change; the persona's significant-change feature is the sandbox's switch, in any region"
        case .notAvailable:
            significantUpdateApplicable
                ? "the adult-notification feature is the sandbox's switch, in any region, not a region's law" : nil
        }
    }

    /// The six personas, in the order of Apple's matrix.
    public static let all: [SandboxPersona] = [
        SandboxPersona(
            name: "under13-approved", summary: "under 13, guardian declared, significant change approved", age: 10,
            declaration: .guardianDeclared, sharing: .guardianDecides(shares: true),
            significantUpdateApplicable: true, guardianAnswer: .approve),
        SandboxPersona(
            name: "13to15-approved", summary: "13 to 15, guardian declared, significant change approved", age: 14,
            declaration: .guardianDeclared, sharing: .guardianDecides(shares: true),
            significantUpdateApplicable: true, guardianAnswer: .approve),
        SandboxPersona(
            name: "16to17-declined", summary: "16 to 17, guardian declared, significant change declined", age: 16,
            declaration: .guardianDeclared, sharing: .guardianDecides(shares: true),
            significantUpdateApplicable: true, guardianAnswer: .decline),
        SandboxPersona(
            name: "adult-self-declared", summary: "18 or over, self-declared (not confirmed)", age: 30,
            declaration: .selfDeclared, sharing: .shares, significantUpdateApplicable: false,
            guardianAnswer: .notAvailable),
        SandboxPersona(
            name: "adult-confirmed", summary: "18 or over, confirmed by card or ID", age: 30, declaration: .confirmed,
            sharing: .shares, significantUpdateApplicable: false, guardianAnswer: .notAvailable),
        SandboxPersona(
            name: "adult-confirmed-notification",
            summary: "18 or over, confirmed, significant update notification applicable", age: 30,
            declaration: .confirmed, sharing: .shares, significantUpdateApplicable: true,
            guardianAnswer: .notAvailable),
    ]

    /// The persona with this name; nil when there is none.
    public static func named(_ name: String) -> SandboxPersona? {
        all.first { $0.name == name }
    }

    /// The persona with this name, or an error listing the names.
    public static func persona(_ name: String) throws(SimulatorError) -> SandboxPersona {
        guard let persona = named(name) else {
            let names = all.map { $0.name }.joined(separator: ", ")
            throw SimulatorError(.unknownPersona, "'\(name)' is not a known persona (\(names))")
        }
        return persona
    }

    /// The persona as a person on `today`.
    public func person(today: CalendarDay) -> SimulatedPerson {
        .aged(
            age, today: today, name: name, declaration: declaration, sharing: sharing,
            significantUpdateApplicable: significantUpdateApplicable, guardianAnswer: guardianAnswer)
    }
}
