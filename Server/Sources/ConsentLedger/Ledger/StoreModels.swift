/// The store a consent event came from. Apple's notifications are `appStore`; Google Play's
/// and Amazon's revoked approvals come from their consoles' exports, by install id.
package enum StoreName: String, Sendable, Codable, CaseIterable {
    case appStore
    case googlePlay
    case amazon

    /// The stores whose installs are linked by install id and whose revocations are imported.
    package static let installStores: [StoreName] = [.googlePlay, .amazon]
}

/// A parent's decision on a significant change, as the store's age signals API reports it to
/// the app. Stored as the app read it: no age data.
package enum SignificantChangeStatus: String, Sendable, Codable, CaseIterable {
    case pending
    case approved
    case denied
}

/// One install linked to an account, as the account's state shows it.
package struct StoreInstall: Sendable, Equatable, Codable {
    package var store: StoreName
    package var installId: String
    /// Nil when the app sent none.
    package var significantChangeStatus: SignificantChangeStatus?
    /// When the store dated that status (milliseconds since 1970), if it did.
    package var statusDate: Int64?

    package init(
        store: StoreName, installId: String, significantChangeStatus: SignificantChangeStatus? = nil,
        statusDate: Int64? = nil
    ) {
        self.store = store
        self.installId = installId
        self.significantChangeStatus = significantChangeStatus
        self.statusDate = statusDate
    }

    /// Every field, `null` when it has no value.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(store, forKey: .store)
        try container.encode(installId, forKey: .installId)
        try container.encode(significantChangeStatus, forKey: .significantChangeStatus)
        try container.encode(statusDate, forKey: .statusDate)
    }
}

/// One row of a console's export of revoked approvals. `timed`: the export had a revocation
/// time column; without one `revokedAt` is the import's time (see ``LedgerPlan``).
package struct StoreRevocation: Sendable, Equatable {
    package var bundleId: String
    package var store: StoreName
    package var installId: String
    /// Milliseconds since 1970.
    package var revokedAt: Int64
    package var timed: Bool

    package init(bundleId: String, store: StoreName, installId: String, revokedAt: Int64, timed: Bool) {
        self.bundleId = bundleId
        self.store = store
        self.installId = installId
        self.revokedAt = revokedAt
        self.timed = timed
    }
}

/// What an import of revocations did, or would do (`dryRun`).
package struct StoreImportOutcome: Sendable, Equatable, Codable {
    package var dryRun: Bool
    package var store: StoreName
    package var rows: Int = 0
    /// Rows applied: kept for their install (frozen linked accounts, or parked).
    package var applied: Int = 0
    /// Rows that changed nothing: imported before, or an install still revoked.
    package var unchanged: Int = 0
    /// Rows whose install no account is linked to: parked until a link arrives.
    package var parked: Int = 0
    /// Accounts frozen, sorted, each once.
    package var frozenAccounts: [String] = []
    /// Accounts whose latest restore answered the revocation already.
    package var supersededAccounts: [String] = []

    package init(dryRun: Bool, store: StoreName) {
        self.dryRun = dryRun
        self.store = store
    }
}

/// When revocations were last imported for an app from a store.
package struct StoreImportRecord: Sendable, Equatable {
    package var bundleId: String
    package var store: StoreName
    /// Milliseconds since 1970.
    package var importedAt: Int64
    package var rows: Int
}

extension StoreImportRecord {
    /// The migration that keeps imports.
    package static let migrationVersion = 10

    /// Every app's and store's last import, read without migrating (`agekit check` reads a
    /// store it must not change; it asks only once migration ``migrationVersion`` is applied).
    package static func all(in store: any LedgerStore) throws(LedgerError) -> [StoreImportRecord] {
        try store.read { connection in
            try connection.execute(
                "SELECT bundle_id, store, imported_at, row_count FROM store_imports ORDER BY 1, 2"
            ).compactMap { row in
                guard let bundleId = row[0].text, let store = row[1].text.flatMap(StoreName.init(rawValue:)) else {
                    return nil
                }
                return StoreImportRecord(
                    bundleId: bundleId, store: store, importedAt: row[2].integer ?? 0, rows: Int(row[3].integer ?? 0))
            }
        }
    }
}
