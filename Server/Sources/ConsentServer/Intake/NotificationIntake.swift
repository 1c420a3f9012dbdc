import AppStoreSignedData
import CodedErrors
import ConsentLedger
import Foundation
import ServerTime

/// The one path every signed notification takes, whether Apple posted it or a history
/// sync fetched it: verify, check the app, store exactly once, apply its effect.
package struct NotificationIntake: Sendable {
    /// What happened to one signed payload.
    package enum Outcome: Sendable, Equatable {
        case stored(uuid: String, type: String)
        case duplicate(uuid: String, type: String)
        /// Not stored: what a receiver answers (status, stable code, reason).
        case rejected(Refusal, uuid: String?, type: String?)
    }

    let verifier: SignedDataVerifier
    let apps: AppRegistry
    let ledger: Ledger
    let clock: any ServerClock
    let metrics: Metrics

    package init(
        verifier: SignedDataVerifier, apps: [AppConfiguration], ledger: Ledger, clock: any ServerClock = SystemClock(),
        metrics: Metrics = Metrics()
    ) {
        self.init(verifier: verifier, apps: AppRegistry(apps), ledger: ledger, clock: clock, metrics: metrics)
    }

    init(verifier: SignedDataVerifier, apps: AppRegistry, ledger: Ledger, clock: any ServerClock, metrics: Metrics) {
        self.verifier = verifier
        self.apps = apps
        self.ledger = ledger
        self.clock = clock
        self.metrics = metrics
    }

    /// Calls `completion` once: after the durable commit, or at once for a refusal. For a
    /// notification recovered through the history API, whose pages carry it as text: its
    /// chains are checked at its own signing time only.
    package func accept(_ signedPayload: String, completion: @escaping @Sendable (Outcome) -> Void) {
        accept(ArraySlice(signedPayload.utf8), live: nil, completion: completion)
    }

    /// The outcome for a signed payload whose header carried a chain already refused, or nil:
    /// looked up in the bytes as they came, before anything is built from them.
    func knownForgery(_ signedPayload: ArraySlice<UInt8>) -> Outcome? {
        verifier.knownRefusal(of: signedPayload).map(unverified)
    }

    /// A payload that did not verify: counted, and answered without a UUID or a type.
    private func unverified(_ error: VerificationError) -> Outcome {
        metrics.increment("agekit_verification_failures_total", [("code", error.code.rawValue)])
        metrics.increment("agekit_notifications_total", [("type", "unknown"), ("outcome", "rejected")])
        return .rejected(Refusal(error), uuid: nil, type: nil)
    }

    /// As above for a live delivery: the chains must be valid on receipt too, and
    /// `signedDate` must be within `freshness` of it. A never-seen chain is charged to `lane`
    /// (the reserved one for payloads fetched from Apple).
    /// `signedPayload` goes to the verifier and the ledger as it is (a slice of the request
    /// body, say): not copied whole, never made a `String`.
    /// `headerChecked`: ``knownForgery(_:)`` was just asked of the same header segment and
    /// found nothing.
    package func accept(
        _ signedPayload: ArraySlice<UInt8>, live freshness: Freshness?, lane: VerificationLane = .reserved,
        headerChecked: Bool = false, completion: @escaping @Sendable (Outcome) -> Void
    ) {
        let receivedAt = clock.now()
        let signed: SignedNotification
        do {
            signed = try verifier.verifySignedNotification(
                signedPayload,
                receivedAt: freshness == nil ? nil : receivedAt, lane: lane, headerChecked: headerChecked)
        } catch {
            return completion(unverified(error))
        }
        let notification = signed.notification
        let type = notification.notificationType.rawValue
        guard let uuid = Identifiers.canonicalUUID(notification.notificationUUID) else {
            metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "rejected")])
            let refusal = ServerError(
                .invalidNotificationUUID, "notificationUUID must be a UUID (8-4-4-4-12 hex digits)")
            return completion(.rejected(Refusal(refusal), uuid: nil, type: type))
        }
        func refuse(_ error: some CodedError) {
            metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "refused")])
            completion(.rejected(Refusal(identity: error), uuid: uuid, type: type))
        }
        if let freshness, let refusal = freshness.refusal(signedDate: notification.signedDate, receivedAt: receivedAt) {
            metrics.increment("agekit_verification_failures_total", [("code", refusal.code.rawValue)])
            return refuse(refusal)
        }
        guard let bundleId = notification.bundleId, let app = apps[bundleId] else {
            return refuse(
                ServerError(.unknownApp, "no app '\(notification.bundleId ?? "(none)")' is configured on this server"))
        }
        do {
            try apps.identity(of: app).check(notification)
        } catch {
            metrics.increment("agekit_verification_failures_total", [("code", error.code.rawValue)])
            return refuse(error)
        }
        var draft = NotificationRecord(signed, signedPayload: signedPayload)
        draft.uuid = uuid
        let record = draft
        let submitted = clock.monotonic()
        ledger.record(record, receivedAt: receivedAt) { [metrics] result in
            metrics.observe("agekit_store_commit_duration_seconds", seconds: clock.monotonic() - submitted)
            switch result {
            case .success(.duplicate):
                metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "duplicate")])
                completion(.duplicate(uuid: uuid, type: type))
            case .success(.stored):
                metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "stored")])
                if record.isConsentRevocation && record.appTransactionId == nil {
                    metrics.increment("agekit_unattributable_revocations_total", [("bundle_id", record.bundleId)])
                }
                completion(.stored(uuid: uuid, type: type))
            case .failure(let error):
                metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "store_failed")])
                let retry = error.isTransient ? ", retry later" : ""
                let failure = LedgerError(
                    error.code, "not stored\(retry): \(error.reason)", databaseCode: error.databaseCode)
                completion(.rejected(Refusal(failure), uuid: uuid, type: type))
            }
        }
    }
}

extension NotificationRecord {
    /// The fields the ledger keeps: no age data, only what Apple signed about the event, and
    /// the payload's parts as the verifier split and decoded them, to store it packed.
    init(_ signed: SignedNotification, signedPayload: ArraySlice<UInt8>) {
        let notification = signed.notification
        let parts = signed.parts
        let transaction = notification.data?.transaction
        self.init(
            uuid: notification.notificationUUID, bundleId: notification.bundleId ?? "",
            environment: notification.environment?.rawValue ?? "", type: notification.notificationType.rawValue,
            subtype: notification.subtype?.rawValue, signedDate: notification.signedDate,
            transactionId: notification.transactionId, originalTransactionId: notification.originalTransactionId,
            appTransactionId: notification.appTransactionId, appAccountToken: transaction?.appAccountToken,
            signedPayload: signedPayload,
            signedParts: SignedPayloadParts(
                header: parts.header, headerDigest: parts.headerDigest, payload: parts.payload,
                signature: parts.signature))
    }
}
