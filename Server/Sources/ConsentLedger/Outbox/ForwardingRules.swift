/// Which events each app forwards to its backend: consent events (revoked, restored,
/// parked, unattributable, superseded, attributed) when forwarding is on, and every stored notification when the app asks for them.
package struct ForwardingRules: Sendable, Equatable {
    package struct Rule: Sendable, Equatable {
        package var allNotifications: Bool
        package init(allNotifications: Bool = false) { self.allNotifications = allNotifications }
    }

    package var rules: [String: Rule]

    package init(_ rules: [String: Rule] = [:]) { self.rules = rules }

    func forwards(_ kind: LedgerEvent.Kind, bundleId: String) -> Bool {
        guard let rule = rules[bundleId] else { return false }
        switch kind {
        case .consentRevoked, .consentRestored, .revocationParked, .revocationUnattributable, .revocationSuperseded,
            .revocationAttributed:
            return true
        case .notificationStored: return rule.allNotifications
        case .appTransactionLinked, .storeInstallLinked: return false
        }
    }
}

/// One event waiting in the outbox.
package struct OutboxItem: Sendable, Equatable {
    package enum State: String, Sendable, Codable { case pending, delivered, dead }

    package var id: Int64
    package var bundleId: String
    package var eventCursor: Int64
    package var kind: String
    /// The JSON body POSTed to the backend.
    package var body: String
    package var state: State
    /// Attempts made so far (before this one, when claimed).
    package var attempts: Int
    package var lastError: String?
    /// The lease this claim set (claimed items only): renewing it proves the claim is still ours.
    package var claimedUntil: Int64? = nil
}
