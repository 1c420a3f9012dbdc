/// Google Play's and Amazon's installs: links from the app (through the team's backend) and
/// revocations imported from the stores' consoles.
extension Ledger {
    /// Links a store install to an account (idempotent) and applies the revocations kept for
    /// it. Returns the account afterwards.
    package func linkStoreInstall(
        bundleId: String, accountId: String, store: StoreName, installId: String,
        status: SignificantChangeStatus?, statusDate: Int64?, at now: Int64
    ) async throws(LedgerError) -> AccountState {
        guard store != .appStore else {
            throw LedgerError(.invalidArgument, "App Store accounts are linked by their app transaction")
        }
        return try await awaitStoreWrite(deadline: true) { [forwarding] connection in
            try LedgerWrites(connection, now: now, forwarding: forwarding).linkStoreInstall(
                bundleId: bundleId, accountId: accountId, store: store, installId: installId, status: status,
                statusDate: statusDate)
            return try LedgerReads(connection).account(bundleId: bundleId, accountId: accountId)!
        }
    }

    /// Imports a console's revoked approvals in one transaction: all rows or, on a failure,
    /// none. `dryRun`: what would change, read without writing.
    package func importStoreRevocations(
        _ rows: [StoreRevocation], bundleId: String, store: StoreName, dryRun: Bool, at now: Int64
    ) async throws(LedgerError) -> StoreImportOutcome {
        guard store != .appStore, rows.allSatisfy({ $0.bundleId == bundleId && $0.store == store }) else {
            throw LedgerError(.invalidArgument, "every row must be of \(bundleId) and \(store.rawValue)")
        }
        if dryRun {
            return try self.store.read { connection in
                try LedgerWrites(connection, now: now).importStoreRevocations(
                    rows, bundleId: bundleId, store: store, apply: false)
            }
        }
        // Not held to the commit deadline: a large file is one long transaction, and a
        // timeout would answer "not stored" for a transaction that may still commit.
        return try await awaitStoreWrite(deadline: false) { [forwarding] connection in
            try LedgerWrites(connection, now: now, forwarding: forwarding).importStoreRevocations(
                rows, bundleId: bundleId, store: store, apply: true)
        }
    }

    /// When revocations were last imported, per app and store.
    package func storeImports() throws(LedgerError) -> [StoreImportRecord] {
        try StoreImportRecord.all(in: store)
    }

    private func awaitStoreWrite<T: Sendable>(
        deadline guarded: Bool, _ body: @escaping @Sendable (any SQLConnection) throws -> T
    ) async throws(LedgerError) -> T {
        let deadline = self.deadline
        let result = await withCheckedContinuation { continuation in
            let completion: @Sendable (Result<T, LedgerError>) -> Void = { continuation.resume(returning: $0) }
            store.write(body, completion: guarded ? deadline.guarding(completion) : completion)
        }
        return try result.get()
    }
}
