import Foundation

/// The instant at which certificate validity is checked.
public enum EffectiveTime: Sendable {
    /// The payload's own `signedDate` (`receiptCreationDate` for an app transaction), as Apple's
    /// libraries do without online checks: old payloads stay verifiable after the leaf expires.
    case signedDate
    /// The verifier's clock at verification time.
    case now
    /// A fixed instant.
    case at(Date)
}
