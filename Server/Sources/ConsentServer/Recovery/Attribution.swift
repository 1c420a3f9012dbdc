import AppStoreServerAPI
import AppStoreSignedData
import CodedErrors
import ConsentLedger
import Foundation
import ServerTime

/// Where signed app transactions come from: the App Store Server API client, or a test double.
package protocol AppTransactionSource: Sendable {
    func appTransactionInfo(transactionId: String) async throws(AppStoreServerAPIError) -> String
}

extension AppStoreServerAPIClient: AppTransactionSource {}

/// Attribution through Get App Transaction Info, for one app: an account known only by
/// transaction ids is linked to its app transaction exactly as a registration links it (so
/// every revocation kept for that app transaction applies), and a revocation that named no app
/// transaction but carries a transaction id is kept for the app transaction found and applies
/// as if it had named it. The signed answer is verified and checked against the app like a
/// registration's before anything is linked. A transaction id the App Store says leads
/// nowhere is remembered and not asked about again.
package struct Attribution: Sendable {
    /// Get App Transaction Info calls a second, at most: well under the App Store's own
    /// limits, which other work of the same key shares.
    package static let lookupsPerSecond = 5.0
    /// Candidates of each kind one run looks at; the next run continues.
    package static let candidatesPerRun = 500

    package struct Source: Sendable {
        package var environment: APIEnvironment
        package var source: any AppTransactionSource

        package init(environment: APIEnvironment, source: any AppTransactionSource) {
            self.environment = environment
            self.source = source
        }
    }

    let app: AppConfiguration
    /// Production first, then Sandbox: an account's ids may come from either.
    let sources: [Source]
    let verifier: SignedDataVerifier
    let ledger: Ledger
    let clock: any ServerClock
    let lookupsPerSecond: Double
    /// Look up and verify, change nothing.
    let dryRun: Bool

    package init(
        app: AppConfiguration, sources: [Source], verifier: SignedDataVerifier, ledger: Ledger,
        clock: any ServerClock = SystemClock(),
        lookupsPerSecond: Double = Attribution.lookupsPerSecond, dryRun: Bool = false
    ) {
        self.app = app
        self.sources = sources
        self.verifier = verifier
        self.ledger = ledger
        self.clock = clock
        self.lookupsPerSecond = max(0.01, lookupsPerSecond)
        self.dryRun = dryRun
    }

    /// The sources of the app's `api` key for each of its Production and Sandbox environments.
    package static func sources(
        for app: AppConfiguration, index: Int? = nil, transport: any APITransport = HTTPClientTransport()
    ) throws(ServerError) -> [Source] {
        var sources: [Source] = []
        for environment in [APIEnvironment.production, .sandbox] where app.environments.contains(environment.rawValue) {
            let client = try APIClientFactory.client(
                for: app, index: index, environment: environment, transport: transport)
            sources.append(Source(environment: environment, source: client))
        }
        return sources
    }

    /// Runs through the candidates until done, the first API error that is not a final
    /// answer about one id (kept in ``AttributionReport/failure``), a store failure, or the
    /// task's cancellation. `progress` gets a line per candidate looked at.
    package func run(progress: @Sendable (String) -> Void = { _ in }) async -> AttributionReport {
        var report = AttributionReport()
        let candidates: [AttributionCandidate]
        do {
            candidates = try ledger.attributionCandidates(bundleId: app.bundleId, limit: Self.candidatesPerRun)
        } catch {
            report.storeFailure = error
            return report
        }
        report.candidates = candidates.count
        var pace = Pace(perSecond: lookupsPerSecond, clock: clock)
        for candidate in candidates {
            guard !Task.isCancelled, report.failure == nil, report.storeFailure == nil else { break }
            let line = await attribute(candidate, pace: &pace, report: &report)
            report.done += 1
            progress(line)
        }
        return report
    }

    /// One candidate: looked up in its environment (an account's in each), verified, applied.
    private func attribute(
        _ candidate: AttributionCandidate, pace: inout Pace, report: inout AttributionReport
    ) async -> String {
        let what = candidate.description
        let tried = sources.filter { candidate.environment == nil || $0.environment.rawValue == candidate.environment }
        var miss: AppStoreServerAPIError?
        for source in tried {
            await pace.wait()
            report.lookups += 1
            let signed: String
            do {
                signed = try await source.source.appTransactionInfo(transactionId: candidate.transactionId)
            } catch let error {
                guard error.isFinalMiss else {
                    report.failure = error
                    return "\(what): stopped: \(error.description)"
                }
                miss = error
                continue
            }
            let appTransactionId: String
            switch check(signed, environment: source.environment) {
            case .refused(let code, let reason):
                report.rejected += 1
                report.rejectionCodes[code, default: 0] += 1
                return "\(what): left: the app transaction was refused (\(code): \(reason))"
            case .passed(let id): appTransactionId = id
            }
            return await apply(candidate, appTransactionId: appTransactionId, report: &report)
        }
        guard let miss else { return "\(what): left: no API key for its environment" }
        report.notFound += 1
        if !dryRun {
            do {
                try await ledger.rememberAttributionMiss(
                    bundleId: app.bundleId, transactionId: candidate.transactionId, outcome: miss.code.rawValue,
                    at: clock.now())
            } catch {
                report.storeFailure = error
                return "\(what): stopped: \(error)"
            }
        }
        return "\(what): no app transaction (\(miss.code.rawValue))" + (dryRun ? "" : ", not asked again")
    }

    private func apply(
        _ candidate: AttributionCandidate, appTransactionId: String, report: inout AttributionReport
    ) async -> String {
        let what = candidate.description
        guard !dryRun else {
            switch candidate.subject {
            case .account: report.linked += 1
            case .revocation: report.attributed += 1
            }
            return "\(what): would be linked to app transaction \(appTransactionId) (dry run)"
        }
        do {
            switch candidate.subject {
            case .account(let accountId):
                let account = try await ledger.registerAppTransaction(
                    bundleId: app.bundleId, accountId: accountId, appTransactionId: appTransactionId, at: clock.now())
                report.linked += 1
                let frozen = account.state == .consentRevoked
                if frozen { report.frozen += 1 }
                return "\(what): linked to app transaction \(appTransactionId)" + (frozen ? ", frozen" : "")
            case .revocation(let uuid):
                let outcome = try await ledger.attributeRevocation(
                    bundleId: app.bundleId, notificationUUID: uuid, appTransactionId: appTransactionId, at: clock.now())
                guard outcome.attributed else { return "\(what): attributed already" }
                report.attributed += 1
                report.frozen += outcome.revokedAccounts.count
                let effect =
                    outcome.parked
                    ? "parked until an account links to it"
                    : "froze \(outcome.revokedAccounts.joined(separator: ", "))"
                return "\(what): attributed to app transaction \(appTransactionId), \(effect)"
            }
        } catch {
            report.storeFailure = error
            return "\(what): stopped: \(error)"
        }
    }

    /// The app transaction's id once it is verified (chain, signature) and it is this app's
    /// in the environment asked, as a registration checks it.
    private func check(
        _ signed: String, environment: APIEnvironment
    ) -> AppTransactionCheck {
        let appTransaction: AppTransaction
        do {
            appTransaction = try verifier.verifyAppTransaction(signed)
            try AppRegistry([app]).identity(of: app).check(appTransaction)
        } catch {
            return .refused(error)
        }
        guard appTransaction.receiptType?.rawValue == environment.rawValue else {
            let asked = environment.rawValue
            let found = appTransaction.receiptType?.rawValue ?? "of no environment"
            return .refused(
                ServerError(.environmentMismatch, "asked in \(asked), the app transaction is \(found)"))
        }
        guard let id = appTransaction.appTransactionId, !id.isEmpty else {
            return .refused(ServerError(.missingAppTransactionId, "it carries no appTransactionId"))
        }
        return .passed(id)
    }
}

/// What the check of an app transaction the App Store returned found: its id, or why it is
/// not used (counted in the report by code; not an error of the run).
private enum AppTransactionCheck {
    case passed(String)
    case refused(code: String, reason: String)

    static func refused(_ error: some CodedError) -> AppTransactionCheck {
        .refused(code: error.code.rawValue, reason: error.reason)
    }
}

/// At most `perSecond` lookups a second, evenly spaced.
private struct Pace {
    let interval: Double
    let clock: any ServerClock
    var next: Double

    init(perSecond: Double, clock: any ServerClock) {
        interval = (1000 / perSecond).rounded(.up) / 1000
        self.clock = clock
        next = clock.monotonic()
    }

    mutating func wait() async {
        let now = clock.monotonic()
        if next > now { await clock.sleep(seconds: next - now) }
        next = max(now, next) + interval
    }
}

extension AttributionCandidate: CustomStringConvertible {
    package var description: String {
        switch subject {
        case .account(let id): "account \(id) (transaction \(transactionId))"
        case .revocation(let uuid): "revocation \(uuid) (transaction \(transactionId))"
        }
    }
}
