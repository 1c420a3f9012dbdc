/// What happens for a significant change, once routed.
public enum ConsentRoute: Hashable, Sendable {
    /// No significant-change feature applies: nothing to do.
    case clear
    /// Send the guardian a question (PermissionKit's significant-update topic).
    case guardianQuestion
    /// The same question on the app's `PermissionButton`, sent when the child taps it: where
    /// the app's code cannot ask but SwiftUI's button exists (Mac Catalyst).
    case guardianButton
    /// Tell the person and let them acknowledge.
    case acknowledgment(AcknowledgmentPresentation)
    /// Block the changed scope until the account is verified in Settings (Apple's sample).
    case blockUntilVerified
    /// Block the changed scope, explain why and offer to retry (share the age range again).
    case blockWithRetry
    /// This device cannot ask (tvOS, watchOS): explain, and route consent to another device;
    /// the synced ledger unblocks here once it is given there.
    case otherDevice

    /// The name the CLI prints.
    public var name: String {
        switch self {
        case .clear: "clear"
        case .guardianQuestion: "guardianQuestion"
        case .guardianButton: "guardianButton"
        case .acknowledgment(.systemSheet): "systemAcknowledgment"
        case .acknowledgment(.inAppNotice): "inAppNotice"
        case .blockUntilVerified: "blockUntilVerified"
        case .blockWithRetry: "blockWithRetry"
        case .otherDevice: "otherDevice"
        }
    }

    /// Whether the changed scope is blocked while the change is unresolved.
    public var blocksUntilResolved: Bool { self != .clear }
}

/// How an acknowledgment is shown.
public enum AcknowledgmentPresentation: String, Hashable, Sendable {
    /// The system sheet (26.4, iOS, iPadOS and Mac Catalyst).
    case systemSheet
    /// The app's own notice where the system has no sheet (macOS, visionOS, older systems).
    case inAppNotice
}
