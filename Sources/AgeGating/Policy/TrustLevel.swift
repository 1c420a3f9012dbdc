import AgeSignals

/// How far the app can trust an age, read from the system's declaration.
///
/// The six method cases of 26.2 say whose age was checked and how. The person's own check
/// (payment, government ID, other method) confirms the age: ``confirmed``, as 26.5's
/// `confirmed`. A guardian's check confirms the guardian, who then declared the age: it
/// grants ``guardianDeclared`` (strong for a child) and confirms nothing about an adult. A
/// declaration the system adds later, or none at all, reads as ``undeclared``: the weakest
/// level, never a crash.
public enum TrustLevel: String, Hashable, Sendable, CaseIterable, Codable {
    /// No declaration, or one this version of AgeKit does not know.
    case undeclared
    /// The person ticked a box: fine for content, not for money.
    case selfDeclared
    /// A guardian declared it: strong for children.
    case guardianDeclared
    /// The person's own age was checked with a payment card, a government ID or another method.
    case confirmed

    /// The trust a declaration carries.
    @inlinable
    public init(declaration: AgeRangeDeclaration?) {
        switch declaration {
        case .selfDeclared: self = .selfDeclared
        case .guardianDeclared: self = .guardianDeclared
        case .checkedByOtherMethod, .governmentIDChecked, .paymentChecked, .confirmed:
            self = .confirmed
        case .guardianCheckedByOtherMethod, .guardianGovernmentIDChecked, .guardianPaymentChecked:
            self = .guardianDeclared
        case .unknown, nil: self = .undeclared
        }
    }
}
