/// Which events each app forwards to its backend: consent events (revoked, restored) when
/// forwarding is on, and every stored notification when the app asks for them.
public struct ForwardingRules: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public var allNotifications: Bool
        public init(allNotifications: Bool = false) { self.allNotifications = allNotifications }
    }

    public var rules: [String: Rule]

    public init(_ rules: [String: Rule] = [:]) { self.rules = rules }

    func forwards(_ kind: LedgerEvent.Kind, bundleId: String) -> Bool {
        guard let rule = rules[bundleId] else { return false }
        switch kind {
        case .consentRevoked, .consentRestored, .revocationParked, .revocationUnattributable: return true
        case .notificationStored: return rule.allNotifications
        case .appTransactionLinked: return false
        }
    }
}

/// One event waiting in the outbox.
public struct OutboxItem: Sendable, Equatable {
    public enum State: String, Sendable, Codable { case pending, delivered, dead }

    public var id: Int64
    public var bundleId: String
    public var eventCursor: Int64
    public var kind: String
    /// The JSON body POSTed to the backend.
    public var body: String
    public var state: State
    /// Attempts made so far (before this one, when claimed).
    public var attempts: Int
    public var lastError: String?
}
