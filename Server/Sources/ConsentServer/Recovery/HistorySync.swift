import AppStoreServerAPI
import Foundation

/// Where history pages come from: the App Store Server API client, or a test double.
package protocol NotificationHistorySource: Sendable {
    func notificationHistory(
        _ request: NotificationHistoryRequest, paginationToken: String?
    ) async throws(AppStoreServerAPIError) -> NotificationHistoryPage
}

extension AppStoreServerAPIClient: NotificationHistorySource {}

/// Recovery of missed notifications: pages through Get Notification History and feeds every
/// signed payload through ``NotificationIntake``, the path Apple's own posts take, so a
/// notification already stored is a no-op and a forged one is refused the same way.
package struct HistorySync: Sendable {
    let source: any NotificationHistorySource
    let intake: NotificationIntake
    /// Times the sync starts over when a pagination token expires mid-way (safe: duplicates
    /// are no-ops).
    let restartsOnExpiredToken: Int

    package init(source: any NotificationHistorySource, intake: NotificationIntake, restartsOnExpiredToken: Int = 1) {
        self.source = source
        self.intake = intake
        self.restartsOnExpiredToken = restartsOnExpiredToken
    }

    /// Runs to the last page, the first API error (kept in ``HistorySyncReport/failure``) or
    /// the task's cancellation; `progress` is called after each page.
    package func run(
        _ request: NotificationHistoryRequest, progress: @Sendable (HistorySyncReport) -> Void = { _ in }
    ) async -> HistorySyncReport {
        var report = HistorySyncReport()
        var token: String?
        var restarts = 0
        while !Task.isCancelled {
            let page: NotificationHistoryPage
            do {
                page = try await source.notificationHistory(request, paginationToken: token)
            } catch let error {
                if error.code == .paginationTokenExpired && token != nil && restarts < restartsOnExpiredToken {
                    restarts += 1
                    report.restarts += 1
                    token = nil
                    continue
                }
                report.failure = error
                return report
            }
            report.pages += 1
            for item in page.notificationHistory where !Task.isCancelled {
                report.count(await intake.accept(item.signedPayload))
            }
            progress(report)
            guard page.hasMore else { return report }
            guard let next = page.paginationToken, !next.isEmpty else {
                report.failure = AppStoreServerAPIError(
                    .malformedResponse, "page \(report.pages) says hasMore but carries no pagination token")
                return report
            }
            token = next
        }
        return report
    }
}

/// What a sync did: counts by outcome, and why it stopped early, if it did.
package struct HistorySyncReport: Sendable, Equatable {
    package var pages = 0
    package var new = 0
    package var duplicate = 0
    package var rejected = 0
    /// Rejections by code (`x5c_chain_invalid`, `unknown_app`, `store_unavailable`, ...).
    package var rejectionCodes: [String: Int] = [:]
    /// Rejections because the store could not commit (503): retry the sync later.
    package var storeFailures = 0
    /// Times the history was started over after an expired pagination token.
    package var restarts = 0
    package var failure: AppStoreServerAPIError?

    package init() {}

    package var payloads: Int { new + duplicate + rejected }

    mutating func count(_ outcome: NotificationIntake.Outcome) {
        switch outcome {
        case .stored: new += 1
        case .duplicate: duplicate += 1
        case .rejected(let refusal, _, _):
            rejected += 1
            rejectionCodes[refusal.code, default: 0] += 1
            if refusal.status == 503 { storeFailures += 1 }
        }
    }
}

extension NotificationIntake {
    /// ``accept(_:completion:)`` awaited.
    package func accept(_ signedPayload: String) async -> Outcome {
        await withCheckedContinuation { continuation in
            accept(signedPayload) { continuation.resume(returning: $0) }
        }
    }
}
