/// What the ledger keeps of one verified notification: the decoded fields it queries by,
/// and the raw signed payload, stored packed when its parts are given. No age data.
package struct NotificationRecord: Sendable, Equatable {
    package var uuid: String
    package var bundleId: String
    package var environment: String
    package var type: String
    package var subtype: String?
    /// Milliseconds since 1970, as Apple signed it.
    package var signedDate: Int64
    package var transactionId: String?
    package var originalTransactionId: String?
    package var appTransactionId: String?
    package var appAccountToken: String?
    /// The signed payload's UTF-8 bytes as they came (a slice of the request body for a live
    /// delivery), stored without a `String` made of them.
    package var signedPayload: ArraySlice<UInt8>
    /// `signedPayload`'s parts as the verifier split and decoded them; without them the
    /// payload is stored as it came.
    package var signedParts: SignedPayloadParts?

    package init(
        uuid: String, bundleId: String, environment: String, type: String, subtype: String? = nil,
        signedDate: Int64, transactionId: String? = nil, originalTransactionId: String? = nil,
        appTransactionId: String? = nil, appAccountToken: String? = nil, signedPayload: ArraySlice<UInt8>,
        signedParts: SignedPayloadParts? = nil
    ) {
        self.uuid = uuid
        self.bundleId = bundleId
        self.environment = environment
        self.type = type
        self.subtype = subtype
        self.signedDate = signedDate
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.appTransactionId = appTransactionId
        self.appAccountToken = appAccountToken
        self.signedPayload = signedPayload
        self.signedParts = signedParts
    }

    package var isConsentRevocation: Bool { type == "RESCIND_CONSENT" }
}

/// A stored notification, as `GET /v1/notifications/{uuid}` returns it.
package struct StoredNotification: Sendable, Equatable, Codable {
    package var uuid: String
    package var bundleId: String
    package var environment: String
    package var notificationType: String
    package var subtype: String?
    package var signedDate: Int64
    package var transactionId: String?
    package var originalTransactionId: String?
    package var appTransactionId: String?
    package var receivedAt: Int64
    /// Nil once pruned (`agekit prune --payloads-older-than`): the row and its fields stay.
    package var signedPayload: String?

    /// Every field, `null` when it has no value: one shape for every notification.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(bundleId, forKey: .bundleId)
        try container.encode(environment, forKey: .environment)
        try container.encode(notificationType, forKey: .notificationType)
        try container.encode(subtype, forKey: .subtype)
        try container.encode(signedDate, forKey: .signedDate)
        try container.encode(transactionId, forKey: .transactionId)
        try container.encode(originalTransactionId, forKey: .originalTransactionId)
        try container.encode(appTransactionId, forKey: .appTransactionId)
        try container.encode(receivedAt, forKey: .receivedAt)
        try container.encode(signedPayload, forKey: .signedPayload)
    }
}

/// What storing a notification did.
package enum RecordOutcome: Sendable, Equatable {
    /// First delivery: stored, with the accounts whose consent it revoked (if any), and
    /// whether a revocation was parked because its app transaction is not linked yet.
    case stored(revokedAccounts: [String], parked: Bool)
    /// The UUID was already stored: nothing changed.
    case duplicate
}

package enum ConsentState: String, Sendable, Codable {
    case active
    case consentRevoked
}

/// An account's consent state, as the admin API returns it.
package struct AccountState: Sendable, Equatable, Codable {
    package var bundleId: String
    package var accountId: String
    package var state: ConsentState
    /// Milliseconds since 1970.
    package var since: Int64
    package var cause: String
    package var pushAllowed: Bool
    package var needsReconciliation: Bool
    package var appTransactionIds: [String]
    package var appAccountTokens: [String]
    /// Subscriptions to reconcile: the original transaction ids seen for this account.
    package var originalTransactionIds: [String]
    /// The store the event that set `state` came from (`appStore` for Apple's).
    package var store: StoreName = .appStore
    /// The Google Play and Amazon installs linked, with the significant-change status each
    /// app read last (a change still pending or denied shows here).
    package var storeInstalls: [StoreInstall] = []
}

/// One entry of the append-only event log; `cursor` orders the feed.
package struct LedgerEvent: Sendable, Equatable, Codable {
    package enum Kind: String, Sendable, Codable {
        case notificationStored
        case consentRevoked
        case revocationParked
        /// A `RESCIND_CONSENT` naming no app transaction: no account can be frozen for it, so
        /// a backend must look at it (the notification is stored and readable by its UUID).
        case revocationUnattributable
        case appTransactionLinked
        case consentRestored
        /// A revocation signed at or before the account's latest restore: recorded, nothing
        /// changed (the restore answered it).
        case revocationSuperseded
        /// A revocation that named no app transaction, attributed to one through the App Store
        /// Server API (`appTransactionId`): from now on it applies as if it had named it.
        case revocationAttributed
        /// An account linked to a Google Play or Amazon install (`installId`) for the first time.
        case storeInstallLinked
    }

    package var cursor: Int64
    package var bundleId: String
    package var kind: Kind
    package var accountId: String?
    package var appTransactionId: String?
    package var notificationUUID: String?
    package var notificationType: String?
    package var detail: String?
    package var createdAt: Int64
    /// The store the event came from: `appStore` for Apple's notifications and app
    /// transactions, `googlePlay` or `amazon` for their installs and imported revocations.
    package var store: StoreName
    /// The Google Play or Amazon install the event is about (nil for the App Store's).
    package var installId: String?

    package init(
        cursor: Int64, bundleId: String, kind: Kind, accountId: String? = nil, appTransactionId: String? = nil,
        notificationUUID: String? = nil, notificationType: String? = nil, detail: String? = nil, createdAt: Int64,
        store: StoreName = .appStore, installId: String? = nil
    ) {
        self.cursor = cursor
        self.bundleId = bundleId
        self.kind = kind
        self.accountId = accountId
        self.appTransactionId = appTransactionId
        self.notificationUUID = notificationUUID
        self.notificationType = notificationType
        self.detail = detail
        self.createdAt = createdAt
        self.store = store
        self.installId = installId
    }

    /// Every field, `null` when it has no value: one shape for every kind of event.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONField.self)
        try container.encode(cursor, forKey: .cursor)
        try encodeFields(into: &container)
    }

    /// The keys of an event's JSON: the feed's, with `cursor`, and a forwarded body's, with
    /// `eventId` (``ForwardedEvent``).
    enum JSONField: String, CodingKey {
        case cursor, eventId, bundleId, kind, accountId, appTransactionId, notificationUUID, notificationType, detail
        case createdAt, store, installId
    }

    /// What the feed and a forwarded body share: every field but the cursor, `null` when it
    /// has no value.
    func encodeFields(into container: inout KeyedEncodingContainer<JSONField>) throws {
        try container.encode(bundleId, forKey: .bundleId)
        try container.encode(kind, forKey: .kind)
        try container.encode(accountId, forKey: .accountId)
        try container.encode(appTransactionId, forKey: .appTransactionId)
        try container.encode(notificationUUID, forKey: .notificationUUID)
        try container.encode(notificationType, forKey: .notificationType)
        try container.encode(detail, forKey: .detail)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(store, forKey: .store)
        try container.encode(installId, forKey: .installId)
    }
}
