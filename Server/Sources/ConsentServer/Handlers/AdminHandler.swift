import AppStoreSignedData
import ConsentLedger
import Foundation
import ServerTime

/// The `/v1` admin API a developer's backend calls with its bearer token: register app
/// transactions, read and restore accounts, poll the event feed, read notifications.
struct AdminHandler: Sendable {
    let token: String
    let verifier: SignedDataVerifier
    let apps: AppRegistry
    let ledger: Ledger
    let clock: any ServerClock

    /// Constant-time comparison, so the token cannot be guessed byte by byte from timing.
    func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let header = request.headers["authorization"], header.hasPrefix("Bearer ") else { return false }
        let given = Array(header.utf8.dropFirst(7))
        let expected = Array(token.utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in 0..<expected.count { difference |= expected[index] ^ (index < given.count ? given[index] : 0) }
        return difference == 0
    }

    func registerAppTransaction(bundleId: String, _ request: HTTPRequest, reply: @escaping @Sendable (Reply) -> Void) {
        guard let app = apps[bundleId] else { return reply(Self.unknownApp(bundleId)) }
        let body: AdminBody
        do {
            body = try AdminBody(request.body, Self.registration)
        } catch {
            return reply(.refusal(error))
        }
        let (accountId, signed) = (body["accountId"] ?? "", body["signedAppTransaction"] ?? "")
        if let problem = Identifiers.accountIdProblem(accountId) { return reply(Self.invalidAccountId(problem)) }
        var token: String?
        if let text = body["appAccountToken"] {
            guard let canonical = Identifiers.canonicalUUID(text) else {
                return reply(
                    .refusal(
                        ServerError(.invalidAppAccountToken, "appAccountToken must be a UUID (8-4-4-4-12 hex digits)")))
            }
            token = canonical
        }
        let appTransaction: AppTransaction
        do {
            appTransaction = try verifier.verifyAppTransaction(signed)
        } catch {
            return reply(.refusal(error))
        }
        do {
            try apps.identity(of: app).check(appTransaction)
        } catch {
            return reply(.refusal(Refusal(identity: error)))
        }
        guard let appTransactionId = appTransaction.appTransactionId, !appTransactionId.isEmpty else {
            return reply(
                .refusal(ServerError(.missingAppTransactionId, "the app transaction carries no appTransactionId")))
        }
        ledger.registerAppTransaction(
            bundleId: bundleId, accountId: accountId, appTransactionId: appTransactionId, appAccountToken: token,
            at: clock.now()
        ) { result in
            reply(Self.accountReply(result))
        }
    }

    func account(bundleId: String, accountId: String) -> Reply {
        guard apps[bundleId] != nil else { return Self.unknownApp(bundleId) }
        if let problem = Identifiers.accountIdProblem(accountId) { return Self.invalidAccountId(problem) }
        do {
            guard let account = try ledger.account(bundleId: bundleId, accountId: accountId) else {
                return .refusal(LedgerError(.accountNotFound, "no account '\(accountId)' in \(bundleId)"))
            }
            return .json(200, account)
        } catch {
            return .refusal(error)
        }
    }

    func restore(
        bundleId: String, accountId: String, _ request: HTTPRequest, reply: @escaping @Sendable (Reply) -> Void
    ) {
        guard apps[bundleId] != nil else { return reply(Self.unknownApp(bundleId)) }
        if let problem = Identifiers.accountIdProblem(accountId) { return reply(Self.invalidAccountId(problem)) }
        var actor = "admin"
        var reason: String?
        if !request.body.isEmpty {
            do {
                let body = try AdminBody(request.body, Self.restoration)
                (actor, reason) = (body["actor"] ?? actor, body["reason"])
            } catch {
                return reply(.refusal(error))
            }
        }
        ledger.restore(bundleId: bundleId, accountId: accountId, actor: actor, reason: reason, at: clock.now()) {
            result in reply(Self.accountReply(result))
        }
    }

    func events(bundleId: String, _ request: HTTPRequest) -> Reply {
        guard apps[bundleId] != nil else { return Self.unknownApp(bundleId) }
        if let unknown = request.query.keys.sorted().first(where: { $0 != "after" && $0 != "limit" }) {
            return .refusal(ServerError(.invalidQuery, "unknown parameter '\(unknown)' (known: after, limit)"))
        }
        let after = request.query["after"].map { Int64($0) } ?? 0
        guard let after, after >= 0 else {
            return .refusal(
                ServerError(
                    .invalidQuery,
                    "after: '\(request.query["after"] ?? "")' is not a cursor (a whole number, 0 or more: a nextCursor)"
                ))
        }
        let limit = request.query["limit"].map { Int($0) } ?? 100
        guard let limit, (1...1000).contains(limit) else {
            return .refusal(
                ServerError(
                    .invalidQuery, "limit: '\(request.query["limit"] ?? "")' is not a whole number from 1 to 1000"))
        }
        do {
            let events = try ledger.events(bundleId: bundleId, after: after, limit: limit)
            return .json(200, EventPage(events: events, nextCursor: events.last?.cursor ?? after))
        } catch {
            return .refusal(error)
        }
    }

    func notification(uuid given: String) -> Reply {
        guard let uuid = Identifiers.canonicalUUID(given) else {
            return .refusal(
                ServerError(.invalidNotificationUUID, "a notification UUID has the form 8-4-4-4-12 hex digits"))
        }
        do {
            guard let stored = try ledger.notification(uuid: uuid) else {
                return .refusal(ServerError(.notificationNotFound, "no notification \(uuid)"))
            }
            return .json(200, stored)
        } catch {
            return .refusal(error)
        }
    }

    static let registration = AdminBody.Shape(
        required: ["accountId", "signedAppTransaction"], optional: ["appAccountToken"],
        example: #"{"accountId": "...", "signedAppTransaction": "<JWS>", "appAccountToken": optional}"#)
    static let restoration = AdminBody.Shape(
        required: [], optional: ["actor", "reason"], example: #"{"actor": optional, "reason": optional}"#,
        // Both go into the event log, which is never pruned: a name and a sentence or two.
        maxLengths: ["actor": 200, "reason": 2_000])

    struct EventPage: Encodable {
        var events: [LedgerEvent]
        var nextCursor: Int64
    }

    static func invalidAccountId(_ problem: String) -> Reply {
        .refusal(ServerError(.invalidAccountId, problem))
    }

    static func unknownApp(_ bundleId: String) -> Reply {
        .refusal(ServerError(.unknownApp, "no app '\(bundleId)' is configured on this server"))
    }

    static func accountReply(_ result: Result<AccountState, LedgerError>) -> Reply {
        switch result {
        case .success(let account): .json(200, account)
        case .failure(let error): .refusal(error)
        }
    }
}
