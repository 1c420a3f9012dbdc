import AppStoreServerAPI
import AppStoreSignedData
import ConsentServer
import Foundation
import ServerTime

/// `agekit test-notification`: asks Apple to send a TEST notification and waits for it.
struct TestNotificationCommand: Command {
    static let name = "test-notification"
    static let summary = "Have the App Store send a TEST notification and wait until it arrives."
    static let table =
        OptionTable(
            column: 22,
            [
                .valued("timeout", "SECONDS", "how long to wait for a successful delivery (default 60)"),
                .valued("interval", "SECONDS", "pause between status checks (default 2)"),
            ]) + APICommandOptions.table
    static let options = table.options
    static let help = """
        Usage: agekit test-notification --app BUNDLE_ID --environment ENV [--timeout SECONDS] [--interval SECONDS]
                                        [--config FILE] [--data-dir DIR] [--store URL]
                                        [--key-id ID --issuer-id ID --private-key FILE] [--base-url URL]

        Calls Request a Test Notification, then Get Test Notification Status until one send
        attempt succeeded or the timeout passes. When a store is named (--config, --store,
        --data-dir or their environment variables), it also checks that the TEST notification
        is in the ledger, i.e. that the receiver behind the app's notification URL stored it.

        Options:
        \(table.text)

        Exit status: 0 delivered (and stored, when checked), 1 not delivered, not stored or an
        API error (its code on standard error), 2 usage.
        """

    static func run(_ arguments: [String], _ console: Console) async throws(CLIError) -> Int32 {
        let parsed = try Arguments(arguments, options)
        guard parsed.positionals.isEmpty else { throw .usage("unexpected argument '\(parsed.positionals[0])'") }
        let timeout = try parsed.value("timeout", as: "a number of seconds", { Double($0) }) ?? 60
        let interval = try parsed.value("interval", as: "a number of seconds", { Double($0) }) ?? 2
        guard timeout > 0, interval > 0 else { throw .usage("--timeout and --interval must be positive") }
        let options = try APICommandOptions(parsed, console: console)
        let client = try options.client()
        let services = options.storeNamed ? try options.services(console: console) : nil
        defer { services?.close() }

        let token: String
        do {
            token = try await client.requestTestNotification()
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        console.err("requested a TEST notification for \(options.app.bundleId) \(options.environment.rawValue)")
        let clock = SystemClock()
        let deadline = clock.monotonic() + timeout
        var status: TestNotificationStatus?
        while true {
            do {
                status = try await client.testNotificationStatus(token: token)
            } catch  where error.code != .notFound {
                throw .failure(code: error.code.rawValue, message: error.reason)
            } catch {
                status = nil  // not known yet: Apple records the status a moment after the request
            }
            if status?.delivered == true || clock.monotonic() >= deadline { break }
            await clock.sleep(seconds: interval)
        }
        let attempts = (status?.sendAttempts ?? []).map { $0.sendAttemptResult ?? "?" }
        guard let status, status.delivered else {
            throw .failure(
                code: "not_delivered",
                message: "no successful delivery within \(Int(timeout)) s (attempts: "
                    + (attempts.isEmpty ? "none yet" : attempts.joined(separator: ", ")) + ")")
        }
        console.out("TEST notification delivered (attempts: \(attempts.joined(separator: ", ")))")
        guard let services else { return 0 }
        return try confirmStored(status, services: services, console: console)
    }

    /// Verifies the TEST payload and looks its UUID up in the ledger.
    static func confirmStored(
        _ status: TestNotificationStatus, services: ServiceAssembly, console: Console
    ) throws(CLIError) -> Int32 {
        guard let payload = status.signedPayload else {
            throw .failure(code: "malformed_response", message: "the status carries no signed payload")
        }
        let uuid: String
        do {
            uuid = try services.verifier.verifyNotification(payload).notificationUUID
        } catch {
            throw .failure(code: error.code.rawValue, message: "the TEST payload does not verify: \(error.reason)")
        }
        do {
            guard try services.ledger.notification(uuid: uuid) != nil else {
                throw CLIError.failure(
                    code: "not_stored",
                    message: "TEST notification \(uuid) was delivered but is not in \(services.ledger.store.location)")
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure(code: "store_error", message: "\(error)")
        }
        console.out("TEST notification \(uuid) is in the ledger")
        return 0
    }
}
