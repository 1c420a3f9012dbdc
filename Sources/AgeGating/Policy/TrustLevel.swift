import AgeSignals

/// How far the app can trust an age, read from the system's declaration.
///
/// The six method cases of 26.2 say how an age was checked (payment, government ID, other
/// method); 26.5 folds them into `confirmed`, so AgeKit maps all of them to ``confirmed``
/// whichever OS answered. A declaration the system adds later, or none at all, reads as
/// ``undeclared``: the weakest level, never a crash.
public enum TrustLevel: String, Hashable, Sendable, CaseIterable, Codable {
    /// No declaration, or one this version of AgeKit does not know.
    case undeclared
    /// The person ticked a box: fine for content, not for money.
    case selfDeclared
    /// A guardian declared it: strong for children.
    case guardianDeclared
    /// Checked with a payment card or a government ID (by the person or a guardian).
    case confirmed

    /// The trust a declaration carries.
    @inlinable
    public init(declaration: AgeRangeDeclaration?) {
        switch declaration {
        case .selfDeclared: self = .selfDeclared
        case .guardianDeclared: self = .guardianDeclared
        case .checkedByOtherMethod, .guardianCheckedByOtherMethod, .governmentIDChecked,
            .guardianGovernmentIDChecked, .paymentChecked, .guardianPaymentChecked, .confirmed:
            self = .confirmed
        case .unknown, nil: self = .undeclared
        }
    }
}
