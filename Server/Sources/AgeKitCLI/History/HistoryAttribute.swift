import AppStoreServerAPI
import ConsentLedger
import ConsentServer
import Foundation

/// `agekit history attribute`: one attribution run (``Attribution``) per app with an API
/// key, with a progress line per candidate and what each app's run linked, attributed and left.
enum HistoryAttribute {
    static func run(_ parsed: Arguments, _ console: Console) async throws(CLIError) -> Int32 {
        let configuration: ServerConfiguration
        do {
            configuration = try ConfigurationLoader(environment: console.environment).load(
                .init(
                    configFile: parsed.value("config"), dataDirectory: parsed.value("data-dir"),
                    store: parsed.value("store")))
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        let apps = try chosenApps(configuration, named: parsed.value("app"))
        let services: ServiceAssembly
        do {
            services = try ServiceAssembly(
                configuration: configuration, environment: console.environment,
                openStore: { url throws(LedgerError) in try StoreURL.open(url, environment: console.environment) })
        } catch {
            throw .failure(code: error.code.rawValue, message: error.reason)
        }
        defer { services.close() }
        let dryRun = parsed.flag("dry-run")
        var reports: [(AppConfiguration, AttributionReport)] = []
        for app in apps {
            let sources: [Attribution.Source]
            do {
                sources = try Attribution.sources(for: app)
            } catch {
                throw .failure(code: error.code.rawValue, message: error.reason)
            }
            let attribution = Attribution(
                app: app, sources: sources, verifier: services.verifier, ledger: services.ledger, dryRun: dryRun)
            let report = await attribution.run { line in console.err(line) }
            reports.append((app, report))
            if report.failure != nil || report.storeFailure != nil { break }
        }
        if parsed.flag("json") {
            console.out(json(reports, dryRun: dryRun))
        } else {
            for (app, report) in reports {
                console.out(
                    AttributionSchedule.line(app.bundleId, report) + (dryRun ? " (dry run: nothing changed)" : ""))
            }
        }
        for (app, report) in reports {
            if let failure = report.failure {
                let key = app.api.map { " (app \(app.bundleId), key id \($0.keyId), issuer id \($0.issuerId))" } ?? ""
                throw .failure(
                    code: failure.code.rawValue, message: failure.reason + (failure.code == .unauthorized ? key : ""))
            }
            if let failure = report.storeFailure {
                throw .failure(code: failure.code.rawValue, message: failure.reason)
            }
        }
        return 0
    }

    /// The named app, or every app with an API key for Production or Sandbox.
    static func chosenApps(_ configuration: ServerConfiguration, named: String?) throws(CLIError) -> [AppConfiguration]
    {
        let usable = configuration.apps.filter { app in
            app.api != nil && app.environments.contains { $0 == "Production" || $0 == "Sandbox" }
        }
        guard let named else {
            guard !usable.isEmpty else {
                throw .failure(
                    code: "no_api_key",
                    message: "no configured app has an App Store Server API key (\"api\") and a Production or "
                        + "Sandbox environment")
            }
            return usable
        }
        guard let app = configuration.apps.first(where: { $0.bundleId == named }) else {
            throw .failure(
                code: "unknown_app",
                message: "app '\(named)' is not configured (configured: "
                    + configuration.apps.map(\.bundleId).joined(separator: ", ") + ")")
        }
        guard usable.contains(app) else {
            throw .failure(
                code: "no_api_key",
                message: "app '\(named)' needs an App Store Server API key (\"api\") and a Production or Sandbox "
                    + "environment for attribution")
        }
        return [app]
    }

    static func json(_ reports: [(AppConfiguration, AttributionReport)], dryRun: Bool) -> String {
        let apps: [[String: Any]] = reports.map { app, report in
            var object: [String: Any] = [
                "app": app.bundleId, "candidates": report.candidates, "lookups": report.lookups,
                "linked": report.linked, "attributed": report.attributed, "frozen": report.frozen,
                "notFound": report.notFound, "refused": report.rejected, "refusalCodes": report.rejectionCodes,
                "left": report.left,
            ]
            // Written as null when there is none, as every field without a value.
            let error =
                report.failure.map { ["code": $0.code.rawValue, "message": $0.reason] }
                ?? report.storeFailure.map { ["code": $0.code.rawValue, "message": $0.reason] }
            object["error"] = error ?? NSNull()
            return object
        }
        let object: [String: Any] = ["dryRun": dryRun, "apps": apps]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
