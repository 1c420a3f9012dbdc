import AppStoreServerAPI
import ConsentLedger

/// What one attribution run did, in counts: no ids, so it may go to any log.
package struct AttributionReport: Sendable, Equatable {
    /// Candidates read from the ledger, and how many of them were looked at.
    package var candidates = 0
    package var done = 0
    /// Get App Transaction Info calls made.
    package var lookups = 0
    /// Accounts linked to their app transaction.
    package var linked = 0
    /// Revocations kept for the app transaction found.
    package var attributed = 0
    /// Accounts frozen by what was linked or attributed.
    package var frozen = 0
    /// Ids the App Store said lead to no app transaction (remembered, unless a dry run).
    package var notFound = 0
    /// App transactions refused by verification or the app's identity check: left for the next run.
    package var rejected = 0
    package var rejectionCodes: [String: Int] = [:]
    /// The API error that stopped the run (401, a rate limit outlasting its retries, 5xx, network).
    package var failure: AppStoreServerAPIError?
    package var storeFailure: LedgerError?

    package init() {}

    /// Candidates not looked at because the run stopped early.
    package var left: Int { candidates - done }
}
