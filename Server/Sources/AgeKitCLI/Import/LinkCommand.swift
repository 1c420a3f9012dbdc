import ConsentLedger
import ConsentServer
import Foundation
import ServerTime

/// `agekit link`: a Google Play or Amazon install linked to an account from the command line,
/// as the admin API's `POST /v1/apps/{bundleId}/store-installs` does.
struct LinkCommand: Command {
    static let name = "link"
    static let summary = "Link a Google Play or Amazon install to an account."
    static let table = OptionTable(
        column: 25,
        [
            .valued("store", "STORE", "googlePlay or amazon (required)"),
            .valued("install-id", "ID", "the install id the app read (required)"),
            .valued("account-id", "ID", "the account (required)"),
            .valued("status", "STATUS", "the significant-change status: pending, approved or denied"),
            .valued("status-date", "DATE", "its date: 2026-03-05 or 2026-03-05T14:30:00Z"),
            .valued("app", "BUNDLE_ID", "the app (required when several are configured)"),
            .flag("json", "the account's state as the admin API returns it"),
            .valued("config", "FILE", "the store of this configuration, as for 'agekit serve'"),
            .valued("data-dir", "DIR", "the store in this data directory"),
            .valued("ledger", "URL", "the ledger's store: sqlite:PATH or postgres://..."),
        ])
    static let options = table.options
    static let help = """
        Usage: agekit link --store STORE --install-id ID --account-id ID [--status STATUS]
                           [--status-date DATE] [--app BUNDLE_ID] [--json]
                           [--config FILE] [--data-dir DIR] [--ledger URL]

        Links a store install to an account, as the app's backend does through the admin API
        once it has authenticated the app: the install id and the significant-change status
        the app read, nothing else (no age data). Linking again is idempotent (a new status
        is recorded); a second account on the same install is linked beside the first. A
        revocation imported for the install before applies to the account now.

        Options:
        \(table.text)
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        let link: StoreLink
        do {
            link = try StoreLink(
                accountId: try parsed.required("account-id"), store: try parsed.required("store"),
                installId: try parsed.required("install-id"), status: parsed.value("status"),
                statusDate: parsed.value("status-date"))
        } catch let error as CLIError {
            throw error
        } catch let error as ServerError {
            throw .usage(error.reason)
        } catch {
            throw .usage("\(error)")
        }
        let (ledger, apps) = try LedgerAccess.open(parsed, console)
        defer { ledger.close() }
        let bundleId = try LedgerAccess.app(parsed.value("app"), among: apps)
        let account: AccountState
        do {
            account = try await ledger.linkStoreInstall(
                bundleId: bundleId, accountId: link.accountId, store: link.store, installId: link.installId,
                status: link.status, statusDate: link.statusDate, at: SystemClock().now())
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        if parsed.flag("json") {
            console.out(JSONOutput.encoded(account))
        } else {
            console.out(
                "\(account.accountId): \(account.state.rawValue) (\(account.store.rawValue)), "
                    + "linked to \(link.store.rawValue) install \(link.installId)")
        }
        return 0
    }
}
