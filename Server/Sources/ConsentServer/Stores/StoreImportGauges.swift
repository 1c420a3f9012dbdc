import ConsentLedger

/// The reminder that keeps the consoles' 90 days: when revocations were last imported for each
/// app and store it names in `storeImports`, and after how many days that is overdue. The
/// alert rule compares the two (deploy/prometheus/agekit-alerts.yml).
enum StoreImportGauges {
    static func register(on metrics: Metrics, ledger: Ledger, apps: [AppConfiguration]) {
        let configured = apps.flatMap { app in
            app.storeImports.sorted { $0.key.rawValue < $1.key.rawValue }.map { (app.bundleId, $0.key, $0.value) }
        }
        guard !configured.isEmpty else { return }
        metrics.gauges(
            "agekit_store_last_import_timestamp_seconds",
            help: "When revocations were last imported from the store's console (Unix time; 0: never)."
        ) {
            // A failed read reports nothing rather than "never": the readiness gauge says why.
            guard let imports = try? ledger.storeImports() else { return [] }
            return configured.map { bundleId, store, _ in
                let last = imports.first { $0.bundleId == bundleId && $0.store == store }
                return ([("app", bundleId), ("store", store.rawValue)], Double(last?.importedAt ?? 0) / 1000)
            }
        }
        metrics.gauges(
            "agekit_store_import_max_age_days",
            help: "Days after which the last import of the store's revocations is overdue (storeImports, maxAgeDays)."
        ) {
            configured.map { bundleId, store, days in
                ([("app", bundleId), ("store", store.rawValue)], Double(days))
            }
        }
    }
}
