import AppStoreSignedData
import ConsentLedger
import Foundation

/// `POST /v2/notifications`: verify, check the app, store exactly once, and answer 200
/// only once the commit is durable. Refusals carry a status and a code; storage trouble
/// answers 503 so that Apple retries.
struct NotificationHandler: Sendable {
    let verifier: SignedDataVerifier
    let apps: AppRegistry
    let ledger: Ledger
    let clock: Clock
    let metrics: Metrics

    func handle(_ request: HTTPRequest, reply: @escaping @Sendable (Reply) -> Void) {
        guard let signedPayload = Self.signedPayload(in: request.body) else {
            reply(.error(400, "malformed_body", #"the body must be a JSON object {"signedPayload": "<JWS>"}"#))
            return
        }
        let notification: VerifiedNotification
        do {
            notification = try verifier.verifyNotification(signedPayload)
        } catch {
            metrics.increment("agekit_verification_failures_total", [("code", error.code.rawValue)])
            metrics.increment("agekit_notifications_total", [("type", "unknown"), ("outcome", "rejected")])
            reply(.error(401, error.code.rawValue, error.reason))
            return
        }
        let type = notification.notificationType.rawValue
        func refuse(_ code: String, _ message: String) {
            metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "refused")])
            var refusal = Reply.error(403, code, message)
            refusal.notificationUUID = notification.notificationUUID
            refusal.notificationType = type
            reply(refusal)
        }
        guard let bundleId = notification.bundleId, let app = apps[bundleId] else {
            refuse("unknown_app", "no app '\(notification.bundleId ?? "(none)")' is configured on this server")
            return
        }
        do {
            try apps.identity(of: app).check(notification)
        } catch {
            metrics.increment("agekit_verification_failures_total", [("code", error.code.rawValue)])
            refuse(error.code.rawValue, error.reason)
            return
        }
        let record = NotificationRecord(notification, signedPayload: signedPayload)
        let submitted = Clock.monotonicSeconds()
        ledger.record(record, receivedAt: clock.now()) { [metrics] result in
            metrics.observe("agekit_store_commit_duration_seconds", seconds: Clock.monotonicSeconds() - submitted)
            var answer: Reply
            switch result {
            case .success(.duplicate):
                metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "duplicate")])
                answer = .json(200, ["status": "duplicate", "notificationUUID": record.uuid])
            case .success(.stored):
                metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "stored")])
                answer = .json(200, ["status": "stored", "notificationUUID": record.uuid])
            case .failure(let error):
                metrics.increment("agekit_notifications_total", [("type", type), ("outcome", "store_failed")])
                answer = .error(503, error.code.rawValue, "not stored, retry later: \(error.message)")
            }
            answer.notificationUUID = record.uuid
            answer.notificationType = type
            reply(answer)
        }
    }

    /// The JWS inside `{"signedPayload": "..."}`, or nil for any other body.
    static func signedPayload(in body: [UInt8]) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let payload = object["signedPayload"] as? String, !payload.isEmpty
        else { return nil }
        return payload
    }
}

extension NotificationRecord {
    /// The fields the ledger keeps: no age data, only what Apple signed about the event.
    init(_ notification: VerifiedNotification, signedPayload: String) {
        let transaction = notification.data?.transaction
        self.init(
            uuid: notification.notificationUUID, bundleId: notification.bundleId ?? "",
            environment: notification.environment?.rawValue ?? "", type: notification.notificationType.rawValue,
            subtype: notification.subtype?.rawValue, signedDate: notification.signedDate,
            transactionId: notification.transactionId, originalTransactionId: notification.originalTransactionId,
            appTransactionId: notification.appTransactionId, appAccountToken: transaction?.appAccountToken,
            signedPayload: signedPayload)
    }
}
