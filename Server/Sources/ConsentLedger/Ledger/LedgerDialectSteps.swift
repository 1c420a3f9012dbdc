/// The two steps of storing a notification whose best form differs between the stores,
/// chosen once per dialect so that ``LedgerWrites`` reads the same on both.
enum LedgerDialectSteps {
    case sqlite
    case postgres

    init(_ dialect: SQLDialect) {
        switch dialect {
        case .sqlite: self = .sqlite
        case .postgres: self = .postgres
        }
    }

    /// Touches the app transaction's row first: on PostgreSQL the row lock serialises a
    /// registration and a revocation for the same app transaction on different instances.
    /// SQLite has one writer, which serialises every write already: no row to touch there
    /// (nothing reads the table; on SQLite it saves a B-tree page written per notification).
    func lockAppTransaction(
        _ connection: any SQLConnection, bundleId: String, _ appTransactionId: String, now: Int64
    ) throws {
        guard case .postgres = self else { return }
        try connection.executeLater(
            """
            INSERT INTO app_transactions (bundle_id, app_transaction_id, first_seen_at) VALUES (?, ?, ?)
            ON CONFLICT (bundle_id, app_transaction_id) DO UPDATE SET first_seen_at = app_transactions.first_seen_at
            """,
            .text(bundleId), .text(appTransactionId), .integer(now))
    }

    /// The same for a Google Play or Amazon install: a link and an import of its revocations
    /// on different instances serialise on its row.
    func lockStoreInstall(
        _ connection: any SQLConnection, bundleId: String, store: StoreName, _ installId: String, now: Int64
    ) throws {
        guard case .postgres = self else { return }
        try connection.executeLater(
            """
            INSERT INTO store_install_keys (bundle_id, store, install_id, first_seen_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (bundle_id, store, install_id) DO UPDATE SET first_seen_at = store_install_keys.first_seen_at
            """,
            .text(bundleId), .text(store.rawValue), .text(installId), .integer(now))
    }

    /// Runs `insert` (an `INSERT ... ON CONFLICT (uuid) DO NOTHING` of a notification with an
    /// app transaction) and reads the accounts linked to that app transaction, sorted, each with
    /// when its consent was last restored; nil for a duplicate. The app transaction's row is
    /// locked by then, so no registration can change the links meanwhile. On PostgreSQL both
    /// happen in one statement, one round trip: its snapshot is taken after the lock was granted.
    func insertReadingLinks(
        _ connection: any SQLConnection, insert: String, _ values: [SQLValue], bundleId: String,
        appTransactionId: String
    ) throws -> [LinkedAccount]? {
        switch self {
        case .sqlite:
            guard try connection.insertUnlessConflicting(insert, values) else { return nil }
            return try Self.linkedAccounts(connection, bundleId: bundleId, appTransactionId: appTransactionId)
        case .postgres:
            let rows = try connection.execute(
                """
                WITH inserted AS (\(insert) RETURNING id)
                SELECT links.account_id, accounts.restored_at FROM inserted
                LEFT JOIN app_transaction_links links ON links.bundle_id = ? AND links.app_transaction_id = ?
                LEFT JOIN accounts ON accounts.bundle_id = links.bundle_id AND accounts.account_id = links.account_id
                ORDER BY links.account_id
                """, values + [.text(bundleId), .text(appTransactionId)])
            guard !rows.isEmpty else { return nil }
            return rows.compactMap(LinkedAccount.init(row:))
        }
    }
}

extension LedgerDialectSteps {
    /// The accounts linked to the app transaction, sorted, each with when its consent was last
    /// restored. The same on both stores: read after ``lockAppTransaction(_:bundleId:_:now:)``.
    static func linkedAccounts(
        _ connection: any SQLConnection, bundleId: String, appTransactionId: String
    ) throws -> [LinkedAccount] {
        try connection.execute(
            """
            SELECT links.account_id, accounts.restored_at FROM app_transaction_links links
            LEFT JOIN accounts ON accounts.bundle_id = links.bundle_id AND accounts.account_id = links.account_id
            WHERE links.bundle_id = ? AND links.app_transaction_id = ? ORDER BY links.account_id
            """,
            .text(bundleId), .text(appTransactionId)
        ).compactMap(LinkedAccount.init(row:))
    }
}

/// An account linked to a notification's app transaction, and when its consent was last
/// restored (nil: never), which decides whether a revocation still applies to it.
struct LinkedAccount: Equatable {
    let accountId: String
    let restoredAt: Int64?

    init?(row: SQLRow) {
        guard let accountId = row[0].text else { return nil }
        self.accountId = accountId
        self.restoredAt = row[1].integer
    }
}
