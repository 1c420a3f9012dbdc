import ConsentLedger
import ConsentServer
import Foundation
import ServerTime

/// `agekit import revocations`: a console's export of revoked approvals into the ledger.
struct ImportCommand: Command {
    static let name = "import"
    static let summary = "Import Google Play's or Amazon's revoked app approvals (the console's CSV)."
    static let table = OptionTable(
        column: 28,
        [
            .valued("store", "STORE", "googlePlay or amazon (required)"),
            .valued("app", "BUNDLE_ID", "the app (required when several are configured)"),
            .valued("install-id-column", "NAME", "the install id column, when its header is not found"),
            .valued("revoked-at-column", "NAME", "the revocation time column, when its header is not found"),
            .flag("dry-run", "print what would change; change nothing"),
            .flag("json", "one JSON object (docs/cli.md)"),
            .valued("config", "FILE", "the store of this configuration, as for 'agekit serve'"),
            .valued("data-dir", "DIR", "the store in this data directory"),
            .valued("ledger", "URL", "the ledger's store: sqlite:PATH or postgres://..."),
        ])
    static let options = table.options
    static let subcommands = [
        Subcommand(
            "revocations", "Reads FILE.csv and freezes the accounts of the installs it revokes.",
            options: options.map(\.name))
    ]
    static let help = """
        Usage: agekit import revocations --store STORE FILE.csv [--app BUNDLE_ID]
                                         [--install-id-column NAME] [--revoked-at-column NAME]
                                         [--dry-run] [--json] [--config FILE] [--data-dir DIR] [--ledger URL]

        Google Play's console lists a parent's revoked app approvals on its "Revoked app
        approvals" tab as a CSV of install ids, for 90 days; Amazon's Appstore publishes them
        the same way. This reads such an export by its header row: the install id column is
        found by name (a header such as "Install ID"), a revocation time column likewise if
        there is one; a file that cannot be read that way is refused, naming the headers
        found, and the two options name the columns instead.

        A linked install freezes its accounts as RESCIND_CONSENT does (push off,
        reconciliation due, an event, forwarded); an install no account is linked to is
        parked until one is. Each row applies once: importing the same or an overlapping file
        again changes nothing. Without a time column every row is revoked at the import's
        time, and an install already revoked and not linked again, re-approved or restored
        since is left as it is. The whole file is one transaction: a refused file changes
        nothing. Files larger than 64 MiB are refused before they are read.

        Prints the rows read, applied, unchanged and parked, and the accounts frozen;
        --json: {"dryRun", "store", "rows", "applied", "unchanged", "parked",
        "frozenAccounts", "supersededAccounts"}.

        Options:
        \(table.text)
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        _ = try subcommand(arguments.first)
        let parsed = try Arguments(Array(arguments.dropFirst()), options)
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            throw .usage("name one CSV file: agekit import revocations --store STORE FILE.csv")
        }
        let store = try storeName(parsed.required("store"))
        let (ledger, apps) = try LedgerAccess.open(parsed, console)
        defer { ledger.close() }
        let bundleId = try LedgerAccess.app(parsed.value("app"), among: apps)
        let now = SystemClock().now()
        let outcome: StoreImportOutcome
        do {
            let rows = try RevocationFile(
                store: store, installIdColumn: parsed.value("install-id-column"),
                revokedAtColumn: parsed.value("revoked-at-column")
            ).rows(atPath: path, bundleId: bundleId, now: now)
            outcome = try await ledger.importStoreRevocations(
                rows, bundleId: bundleId, store: store, dryRun: parsed.flag("dry-run"), at: now)
        } catch let error as ServerError {
            throw .failure(code: error.code.rawValue, message: "\(path): \(error.reason)")
        } catch let error as LedgerError {
            throw .failure(code: error.code.rawValue, message: error.reason)
        } catch {
            throw .failure(code: "failed", message: "\(error)")
        }
        if parsed.flag("json") {
            console.out(JSONOutput.encoded(outcome))
            return 0
        }
        let verb = outcome.dryRun ? "would apply" : "applied"
        console.out(
            "\(outcome.rows) rows: \(verb) \(outcome.applied), unchanged \(outcome.unchanged), parked \(outcome.parked)"
                + (outcome.dryRun ? " (dry run: nothing changed)" : ""))
        let frozen = outcome.frozenAccounts.joined(separator: ", ")
        console.out((outcome.dryRun ? "would freeze: " : "frozen: ") + (frozen.isEmpty ? "none" : frozen))
        if !outcome.supersededAccounts.isEmpty {
            console.out("superseded (restored since): \(outcome.supersededAccounts.joined(separator: ", "))")
        }
        return 0
    }

    static func storeName(_ text: String) throws(CLIError) -> StoreName {
        guard let store = StoreName(rawValue: text), store != .appStore else {
            throw .usage("--store: '\(text)' is not googlePlay or amazon")
        }
        return store
    }
}
