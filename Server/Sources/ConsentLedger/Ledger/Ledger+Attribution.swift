/// Attribution through the App Store Server API (`agekit history attribute`, and `serve` on a
/// schedule): what is left to attribute, and the writes once the App Store has answered.
extension Ledger {
    /// Accounts known only by transaction ids, then revocations naming no app transaction that
    /// carry a transaction id; at most `limit` of each. Ids asked about in vain are left out.
    package func attributionCandidates(bundleId: String, limit: Int) throws(LedgerError) -> [AttributionCandidate] {
        try store.read { connection in
            let reads = AttributionReads(connection)
            return try reads.accounts(bundleId: bundleId, limit: limit)
                + reads.revocations(bundleId: bundleId, limit: limit)
        }
    }

    /// The transaction ids remembered as leading to no app transaction, with the answer's code.
    package func attributionMisses(bundleId: String) throws(LedgerError) -> [String: String] {
        try store.read { connection in try AttributionReads(connection).misses(bundleId: bundleId) }
    }

    /// Attributes a revocation naming no app transaction to the verified `appTransactionId`.
    package func attributeRevocation(
        bundleId: String, notificationUUID: String, appTransactionId: String, at now: Int64
    ) async throws(LedgerError) -> AttributionOutcome {
        try await awaitWrite { [forwarding] connection in
            try LedgerWrites(connection, now: now, forwarding: forwarding).attribute(
                bundleId: bundleId, notificationUUID: notificationUUID, appTransactionId: appTransactionId)
        }
    }

    /// Remembers that `transactionId` leads to no app transaction (`outcome`: the App Store's code).
    package func rememberAttributionMiss(
        bundleId: String, transactionId: String, outcome: String, at now: Int64
    ) async throws(LedgerError) {
        try await awaitWrite { [forwarding] connection in
            try LedgerWrites(connection, now: now, forwarding: forwarding).rememberAttributionMiss(
                bundleId: bundleId, transactionId: transactionId, outcome: outcome)
        }
    }

    /// ``registerAppTransaction(bundleId:accountId:appTransactionId:appAccountToken:at:completion:)`` awaited.
    package func registerAppTransaction(
        bundleId: String, accountId: String, appTransactionId: String, at now: Int64
    ) async throws(LedgerError) -> AccountState {
        let result = await withCheckedContinuation { continuation in
            registerAppTransaction(
                bundleId: bundleId, accountId: accountId, appTransactionId: appTransactionId, at: now
            ) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }

    private func awaitWrite<T: Sendable>(
        _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws(LedgerError) -> T {
        let completion = deadline
        let result = await withCheckedContinuation { continuation in
            store.write(body, completion: completion.guarding { continuation.resume(returning: $0) })
        }
        return try result.get()
    }
}
