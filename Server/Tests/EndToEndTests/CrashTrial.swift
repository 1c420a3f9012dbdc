import AppStoreSignedData
import Foundation
import Synchronization
import TestSupport

/// One crash trial: `agekit serve` under a load of distinct signed notifications (a mix with
/// RESCIND_CONSENT) and registrations, killed with SIGKILL, restarted, then checked: every
/// notification answered 200 is stored, every acknowledged revocation took effect, the
/// event feed holds every event once, and SQLite's `PRAGMA integrity_check` is ok.
struct CrashTrial: Sendable {
    enum Store: String, Sendable { case sqlite, postgres }

    /// When the kill comes.
    enum Moment: String, Sendable, CaseIterable {
        /// At a random time during the load.
        case random
        /// Just after the WAL is started over (SQLite): its header's salt changes.
        case walRestart
        /// During a load with restores of unknown accounts: their writes fail inside
        /// batches, which then run again with a savepoint per write.
        case failedWrite
        /// While revocations parked earlier are being applied by registrations.
        case parkedRegistration
    }

    let store: Store
    let moment: Moment
    let index: Int
    static let bundleId = "com.example.agekit"

    struct Outcome: Sendable, CustomStringConvertible {
        var acknowledged = 0
        var found = 0
        var revocationsAcknowledged = 0
        var revocationsApplied = 0
        var registrationsAcknowledged = 0
        var events = 0
        var unanswered = 0
        var problems: [String] = []
        var killedAfterSeconds = 0.0
        var lost: Int { acknowledged - found }
        var description: String {
            "acknowledged \(acknowledged), found \(found), lost \(lost), revocations \(revocationsApplied)/"
                + "\(revocationsAcknowledged), registrations \(registrationsAcknowledged), events \(events), "
                + "killed after \(String(format: "%.2f", killedAfterSeconds)) s with \(unanswered) requests unanswered"
                + (problems.isEmpty ? "" : ", problems: \(problems.prefix(5))")
        }
    }

    /// What the load sends; `kind` says which answers count as acknowledged effects.
    struct Operation: Sendable {
        enum Kind: Sendable { case notification, rescind, registration, restoreUnknown }
        let kind: Kind
        let uuid: String
        let appTransactionId: String
        let accountId: String
        let body: Data
    }

    func run() async throws -> Outcome {
        let (server, storeArguments) = try startServer()
        let ca = try LocalCertificateAuthority.load(directory: server.dataDirectory.appendingPathComponent("ca").path)
        let tag = "t\(index)-\(UUID().uuidString.prefix(6).lowercased())"
        var outcome = Outcome()
        let acknowledged = AcknowledgedLog()

        // Before the load: accounts to revoke, and revocations parked for app transactions
        // that the load registers.
        let registered = (0..<8).map { "AT-\(tag)-R\($0)" }
        for (number, appTransactionId) in registered.enumerated() {
            let answer = try await register(
                server, ca, accountId: "acct-\(tag)-R\(number)", appTransactionId: appTransactionId)
            guard answer.status == 200 else { throw TrialSetupFailure(step: "registration \(answer.status)") }
            acknowledged.state.withLock { $0.registrations["acct-\(tag)-R\(number)"] = appTransactionId }
        }
        let parkedCount = moment == .parkedRegistration ? 120 : 12
        let parked = (0..<parkedCount).map { "AT-\(tag)-P\($0)" }
        for appTransactionId in parked {
            let uuid = UUID().uuidString.lowercased()
            let jws = try rescind(ca, appTransactionId, uuid)
            let answer = try await server.post(signedPayload: jws)
            guard answer.status == 200 else { throw TrialSetupFailure(step: "parked revocation \(answer.status)") }
            acknowledged.state.withLock {
                $0.notifications.insert(uuid)
                $0.revocations.insert(appTransactionId)
            }
        }

        let operations = try load(ca: ca, tag: tag, registered: registered, parked: parked)
        let started = ContinuousClock.now
        let killer = Task { try await killServer(server, started: started) }
        await send(operations, to: server, acknowledged: acknowledged)
        let killedAfter = try await killer.value
        server.waitForExit()
        outcome.killedAfterSeconds = killedAfter
        if server.process.terminationReason != .uncaughtSignal {
            outcome.problems.append("the server was not killed (exit \(server.process.terminationStatus))")
        }
        if store == .sqlite, let problem = integrityProblem(server.databasePath) {
            outcome.problems.append("after the kill: \(problem)")
        }

        let restarted = try ServerProcess(dataDirectory: server.dataDirectory, extraArguments: storeArguments)
        let state = acknowledged.state.withLock { $0 }
        outcome.unanswered = state.unanswered
        try await check(state, on: restarted, ca: ca, tag: tag, into: &outcome)
        restarted.terminate()
        if store == .sqlite, let problem = integrityProblem(server.databasePath) {
            outcome.problems.append("after the restart: \(problem)")
        }
        try? FileManager.default.removeItem(at: server.dataDirectory)
        return outcome
    }

    struct Acknowledged: Sendable {
        var notifications: Set<String> = []
        /// App transactions whose RESCIND_CONSENT was answered 200.
        var revocations: Set<String> = []
        /// Account → app transaction, for registrations answered 200.
        var registrations: [String: String] = [:]
        /// Requests that got no answer: sent to the killed server, or never sent.
        var unanswered = 0
    }

    /// What was answered 200, shared by the tasks of the load.
    final class AcknowledgedLog: Sendable {
        let state = Mutex(Acknowledged())
    }

    struct TrialSetupFailure: Error, CustomStringConvertible {
        let step: String
        var description: String { "the trial could not be set up: \(step)" }
    }

    func rescind(_ ca: LocalCertificateAuthority, _ appTransactionId: String, _ uuid: String) throws -> String {
        try SimulatedPayloads.notification(
            type: "RESCIND_CONSENT", subtype: nil, bundleId: Self.bundleId, environment: .localTesting,
            appTransactionId: appTransactionId, notificationUUID: uuid, ca: ca)
    }
}
