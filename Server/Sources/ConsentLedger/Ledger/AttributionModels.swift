/// Something attribution through the App Store Server API may resolve: an account known only
/// by transaction ids, or a revocation that named no app transaction. Only ids.
package struct AttributionCandidate: Sendable, Equatable {
    package enum Subject: Sendable, Equatable {
        case account(String)
        case revocation(notificationUUID: String)
    }

    package var subject: Subject
    /// The id to ask Get App Transaction Info about.
    package var transactionId: String
    /// The revocation's environment (nil for an account: either may know it).
    package var environment: String?

    package init(subject: Subject, transactionId: String, environment: String?) {
        self.subject = subject
        self.transactionId = transactionId
        self.environment = environment
    }
}

/// What attributing one revocation did.
package struct AttributionOutcome: Sendable, Equatable {
    /// False when it was attributed already (or is not a revocation naming no app transaction).
    package var attributed: Bool
    /// The accounts it froze.
    package var revokedAccounts: [String] = []
    /// Nobody is linked to the app transaction yet: kept until somebody is.
    package var parked = false

    package init(attributed: Bool, revokedAccounts: [String] = [], parked: Bool = false) {
        self.attributed = attributed
        self.revokedAccounts = revokedAccounts
        self.parked = parked
    }
}
