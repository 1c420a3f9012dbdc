import ConsentLedger
import Foundation

/// `agekit check` on the stores' imports: a console lists a revoked approval for 90 days, so an
/// import that is late loses revocations at the source.
extension OperatorCheck {
    /// The console's window: past it, revocations not imported are gone.
    static let consoleDays = 90

    func storeImports(_ imports: [StoreImportRecord]) -> [Verdict] {
        configuration.apps.flatMap { app in
            app.storeImports.sorted { $0.key.rawValue < $1.key.rawValue }.map { store, maxAgeDays in
                let subject = store.rawValue
                guard let last = imports.first(where: { $0.bundleId == app.bundleId && $0.store == store }) else {
                    return Verdict(
                        outcome: .warn, subject: subject,
                        detail:
                            "\(app.bundleId): never imported; run 'agekit import revocations --store \(store.rawValue)' "
                            + "at least every \(maxAgeDays) days")
                }
                let days = Int(Double(clock.now() - last.importedAt) / 86_400_000)
                let when = Date(timeIntervalSince1970: Double(last.importedAt) / 1000).formatted(.iso8601)
                let detail = "\(app.bundleId): last import \(when), \(days) days ago (\(last.rows) rows)"
                if days >= Self.consoleDays {
                    return Verdict(
                        outcome: .fail, subject: subject,
                        detail: detail + "; the console keeps \(Self.consoleDays) days: revocations may be lost")
                }
                if days > maxAgeDays {
                    return Verdict(outcome: .warn, subject: subject, detail: detail + "; due every \(maxAgeDays) days")
                }
                return Verdict(outcome: .ok, subject: subject, detail: detail)
            }
        }
    }
}
