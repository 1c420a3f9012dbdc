/// The ledger's tables. Append new migrations; never edit an applied one.
package enum LedgerSchema {
    package static let migrations: [Migration] = [
        Migration(
            version: 1, name: "ledger",
            statements: [
                """
                CREATE TABLE notifications (
                    id {{id}},
                    uuid TEXT NOT NULL UNIQUE,
                    bundle_id TEXT NOT NULL,
                    environment TEXT NOT NULL,
                    notification_type TEXT NOT NULL,
                    subtype TEXT,
                    signed_date BIGINT NOT NULL,
                    transaction_id TEXT,
                    original_transaction_id TEXT,
                    app_transaction_id TEXT,
                    app_account_token TEXT,
                    received_at BIGINT NOT NULL,
                    signed_payload TEXT NOT NULL)
                """,
                "CREATE INDEX notifications_by_app_transaction ON notifications (bundle_id, app_transaction_id)",
                """
                CREATE TABLE accounts (
                    bundle_id TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    state TEXT NOT NULL,
                    state_since BIGINT NOT NULL,
                    state_cause TEXT NOT NULL,
                    push_allowed INTEGER NOT NULL,
                    needs_reconciliation INTEGER NOT NULL,
                    created_at BIGINT NOT NULL,
                    PRIMARY KEY (bundle_id, account_id))
                """,
                // One row per app transaction: the row every writer touching it locks first,
                // so registrations and revocations on several instances serialise.
                """
                CREATE TABLE app_transactions (
                    bundle_id TEXT NOT NULL,
                    app_transaction_id TEXT NOT NULL,
                    first_seen_at BIGINT NOT NULL,
                    PRIMARY KEY (bundle_id, app_transaction_id))
                """,
                """
                CREATE TABLE app_transaction_links (
                    bundle_id TEXT NOT NULL,
                    app_transaction_id TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    linked_at BIGINT NOT NULL,
                    PRIMARY KEY (bundle_id, app_transaction_id, account_id))
                """,
                "CREATE INDEX app_transaction_links_by_account ON app_transaction_links (bundle_id, account_id)",
                """
                CREATE TABLE app_account_tokens (
                    bundle_id TEXT NOT NULL,
                    app_account_token TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    PRIMARY KEY (bundle_id, app_account_token, account_id))
                """,
                "CREATE INDEX app_account_tokens_by_account ON app_account_tokens (bundle_id, account_id)",
                """
                CREATE TABLE account_transactions (
                    bundle_id TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    original_transaction_id TEXT NOT NULL,
                    PRIMARY KEY (bundle_id, account_id, original_transaction_id))
                """,
                """
                CREATE TABLE parked_revocations (
                    bundle_id TEXT NOT NULL,
                    notification_uuid TEXT NOT NULL,
                    app_transaction_id TEXT NOT NULL,
                    revoked_at BIGINT NOT NULL,
                    applied_at BIGINT,
                    PRIMARY KEY (bundle_id, notification_uuid))
                """,
                "CREATE INDEX parked_revocations_by_app_transaction ON parked_revocations (bundle_id, app_transaction_id)",
                """
                CREATE TABLE events (
                    cursor {{id}},
                    bundle_id TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    account_id TEXT,
                    app_transaction_id TEXT,
                    notification_uuid TEXT,
                    notification_type TEXT,
                    detail TEXT,
                    created_at BIGINT NOT NULL)
                """,
                "CREATE INDEX events_by_app ON events (bundle_id, cursor)",
                // Written by readiness checks: proves the store takes writes.
                "CREATE TABLE readiness (id INTEGER PRIMARY KEY, checked_at BIGINT NOT NULL)",
                "INSERT INTO readiness (id, checked_at) VALUES (1, 0)",
            ]),
        // Several writers draw event cursors concurrently on PostgreSQL, and identity values
        // can commit out of order: a feed paged by `cursor` could skip an event that commits
        // after a larger cursor was read. The feed pages by `position` instead, given to
        // committed events by `EventSequencer` in the order it sees them (see there).
        Migration(
            version: 2, name: "event_positions",
            statements: [
                "ALTER TABLE events ADD COLUMN position BIGINT",
                "UPDATE events SET position = cursor",
                "CREATE UNIQUE INDEX events_by_position ON events (position)",
                "CREATE INDEX events_by_app_position ON events (bundle_id, position)",
                "CREATE INDEX events_unsequenced ON events (cursor) WHERE position IS NULL",
                "CREATE TABLE event_order (id INTEGER PRIMARY KEY, last_position BIGINT NOT NULL)",
                "INSERT INTO event_order (id, last_position) SELECT 1, COALESCE(MAX(cursor), 0) FROM events",
            ]),
        Migration(
            version: 3, name: "outbox",
            statements: [
                // Events waiting to be POSTed to an app's backend (at-least-once delivery).
                """
                CREATE TABLE outbox (
                    id {{id}},
                    bundle_id TEXT NOT NULL,
                    event_cursor BIGINT NOT NULL,
                    kind TEXT NOT NULL,
                    body TEXT NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    next_attempt_at BIGINT NOT NULL,
                    claimed_until BIGINT,
                    last_error TEXT,
                    created_at BIGINT NOT NULL,
                    delivered_at BIGINT)
                """,
                "CREATE INDEX outbox_due ON outbox (state, next_attempt_at)",
            ]),
        // Less work per stored notification. Events are appended without a position, so
        // the position indexes cover positioned events only (the feed's `position > ?`
        // implies it), and nothing reads events by cursor or notifications by app
        // transaction. On PostgreSQL a signed payload (about 8 KB) would go to the TOAST
        // table in four or five 2 KB chunks, each a row and an index entry of its own:
        // compressed and kept in the row it is one heap tuple (values too large for a page
        // still go out of line). SQLite keeps large values in overflow pages of the row.
        Migration(
            version: 4, name: "lean_writes",
            statements: [
                "DROP INDEX events_by_app",
                "DROP INDEX notifications_by_app_transaction",
                "DROP INDEX events_by_app_position",
                "CREATE INDEX events_by_app_position ON events (bundle_id, position) WHERE position IS NOT NULL",
                "DROP INDEX events_by_position",
                "CREATE UNIQUE INDEX events_by_position ON events (position) WHERE position IS NOT NULL",
            ],
            postgresStatements: ["ALTER TABLE notifications ALTER COLUMN signed_payload SET STORAGE MAIN"]),
        // Signed payloads packed (see `PackedPayload`): each distinct JWS header once, and
        // per notification the decoded payload without the copies of its header. A row with
        // a `header_digest` holds the packed payload in `signed_payload` and the JWS
        // signature in `signature`; a row without one holds the signed payload as it came
        // (rows stored before this migration, and payloads that cannot be packed).
        Migration(
            version: 5, name: "packed_payloads",
            statements: [
                """
                CREATE TABLE signing_headers (
                    digest TEXT PRIMARY KEY,
                    header TEXT NOT NULL,
                    first_seen_at BIGINT NOT NULL)
                """,
                "ALTER TABLE notifications ADD COLUMN header_digest TEXT",
                "ALTER TABLE notifications ADD COLUMN signature TEXT",
            ]),
        // A parked revocation is found by its app transaction, so that is its key. Keyed by
        // notification with a second index by app transaction, every parked revocation
        // wrote two index leaves at random places (the notification UUID's and the app
        // transaction's); one key writes one.
        Migration(
            version: 6, name: "parked_by_app_transaction",
            statements: [
                """
                CREATE TABLE parked_revocations_keyed (
                    bundle_id TEXT NOT NULL,
                    app_transaction_id TEXT NOT NULL,
                    notification_uuid TEXT NOT NULL,
                    revoked_at BIGINT NOT NULL,
                    applied_at BIGINT,
                    PRIMARY KEY (bundle_id, app_transaction_id, notification_uuid))
                """,
                """
                INSERT INTO parked_revocations_keyed
                    (bundle_id, app_transaction_id, notification_uuid, revoked_at, applied_at)
                SELECT bundle_id, app_transaction_id, notification_uuid, revoked_at, applied_at FROM parked_revocations
                """,
                "DROP TABLE parked_revocations",
                "ALTER TABLE parked_revocations_keyed RENAME TO parked_revocations",
            ]),
        // One person's events reach the backend in ledger order: an event is claimed only
        // when no earlier event of the same subject (the account, or the app transaction
        // when no account is linked) is still pending. Rows enqueued before this migration
        // have no subject and keep the old order (by id, no holding back).
        Migration(
            version: 7, name: "outbox_subject_order",
            statements: [
                "ALTER TABLE outbox ADD COLUMN subject TEXT",
                "CREATE INDEX outbox_pending_by_subject ON outbox (bundle_id, subject, id) WHERE state = 'pending'",
            ]),
        // A revocation stands for every account linked to its app transaction, whenever it
        // links, so revocations already applied are kept too (before, only parked ones were);
        // and one signed before an account's latest restore is superseded, so the restore's
        // time is kept. Accounts restored before this migration and still active take the
        // time of their state. The backfill reads the notifications table once.
        Migration(
            version: 8, name: "revocations_stand",
            statements: [
                "ALTER TABLE accounts ADD COLUMN restored_at BIGINT",
                "UPDATE accounts SET restored_at = state_since WHERE state = 'active' AND state_cause LIKE 'restored by%'",
                """
                INSERT INTO parked_revocations (bundle_id, app_transaction_id, notification_uuid, revoked_at, applied_at)
                SELECT n.bundle_id, n.app_transaction_id, n.uuid, n.signed_date, n.received_at FROM notifications n
                WHERE n.notification_type = 'RESCIND_CONSENT' AND n.app_transaction_id IS NOT NULL
                ON CONFLICT DO NOTHING
                """,
            ]),
        // Attribution through the App Store Server API. A transaction id the App Store said
        // leads to no app transaction is not asked about again: only the id, the answer's code
        // and when (no age data, nothing of the customer). The revocations still to attribute
        // (those naming no app transaction) are found by a partial index, which no other
        // notification writes to.
        Migration(
            version: 9, name: "attribution",
            statements: [
                """
                CREATE TABLE attribution_misses (
                    bundle_id TEXT NOT NULL,
                    transaction_id TEXT NOT NULL,
                    outcome TEXT NOT NULL,
                    looked_up_at BIGINT NOT NULL,
                    PRIMARY KEY (bundle_id, transaction_id))
                """,
                """
                CREATE INDEX notifications_unattributed ON notifications (bundle_id, signed_date)
                WHERE notification_type = 'RESCIND_CONSENT' AND app_transaction_id IS NULL
                """,
            ]),
        // Google Play's and Amazon's revoked approvals, by install id (no age data: install ids
        // and the significant-change status the app read). A console's export lists a
        // revocation for 90 days, so imports overlap: a row is kept once, keyed by store,
        // install id and revocation time, and one kept while nobody is linked is parked
        // (`applied_at` null), as Apple's are. Events and the account's state name their store
        // (null: the App Store, which is all there was before).
        Migration(
            version: 10, name: "store_installs",
            statements: [
                "ALTER TABLE events ADD COLUMN store TEXT",
                "ALTER TABLE events ADD COLUMN install_id TEXT",
                "ALTER TABLE accounts ADD COLUMN state_store TEXT",
                """
                CREATE TABLE store_installs (
                    bundle_id TEXT NOT NULL,
                    store TEXT NOT NULL,
                    install_id TEXT NOT NULL,
                    account_id TEXT NOT NULL,
                    significant_change_status TEXT,
                    status_date BIGINT,
                    linked_at BIGINT NOT NULL,
                    answered_at BIGINT NOT NULL,
                    PRIMARY KEY (bundle_id, store, install_id, account_id))
                """,
                "CREATE INDEX store_installs_by_account ON store_installs (bundle_id, account_id)",
                // The row a link and an import of the same install lock first on PostgreSQL,
                // as `app_transactions` is for Apple's.
                """
                CREATE TABLE store_install_keys (
                    bundle_id TEXT NOT NULL,
                    store TEXT NOT NULL,
                    install_id TEXT NOT NULL,
                    first_seen_at BIGINT NOT NULL,
                    PRIMARY KEY (bundle_id, store, install_id))
                """,
                """
                CREATE TABLE store_revocations (
                    bundle_id TEXT NOT NULL,
                    store TEXT NOT NULL,
                    install_id TEXT NOT NULL,
                    revoked_at BIGINT NOT NULL,
                    timed INTEGER NOT NULL,
                    imported_at BIGINT NOT NULL,
                    applied_at BIGINT,
                    PRIMARY KEY (bundle_id, store, install_id, revoked_at))
                """,
                """
                CREATE TABLE store_imports (
                    bundle_id TEXT NOT NULL,
                    store TEXT NOT NULL,
                    imported_at BIGINT NOT NULL,
                    row_count BIGINT NOT NULL,
                    PRIMARY KEY (bundle_id, store))
                """,
            ]),
    ]
}
