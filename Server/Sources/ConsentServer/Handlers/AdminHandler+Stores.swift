import ConsentLedger
import Foundation

/// Google Play's and Amazon's installs on the admin API: a link from the app (through the
/// team's backend, which authenticated it: an install id is signed by nobody) and an import
/// of a console's export of revoked approvals.
extension AdminHandler {
    /// `POST /v1/apps/{bundleId}/store-installs`.
    func linkStoreInstall(bundleId: String, _ request: HTTPRequest, reply: @escaping @Sendable (Reply) -> Void) {
        guard apps[bundleId] != nil else { return reply(Self.unknownApp(bundleId)) }
        let link: StoreLink
        do {
            link = try StoreLink(try AdminBody(request.body, Self.storeLink))
        } catch {
            return reply(.refusal(error))
        }
        Task { [ledger, clock] in
            do throws(LedgerError) {
                let account = try await ledger.linkStoreInstall(
                    bundleId: bundleId, accountId: link.accountId, store: link.store, installId: link.installId,
                    status: link.status, statusDate: link.statusDate, at: clock.now())
                reply(.json(200, account))
            } catch {
                reply(.refusal(error))
            }
        }
    }

    /// `POST /v1/apps/{bundleId}/store-revocations?store=googlePlay`, the export as the body.
    func importRevocations(bundleId: String, _ request: HTTPRequest, reply: @escaping @Sendable (Reply) -> Void) {
        guard apps[bundleId] != nil else { return reply(Self.unknownApp(bundleId)) }
        let known = ["store", "dryRun", "installIdColumn", "revokedAtColumn"]
        if let unknown = request.query.keys.sorted().first(where: { !known.contains($0) }) {
            return reply(
                .refusal(
                    ServerError(
                        .invalidQuery, "unknown parameter '\(unknown)' (known: \(known.joined(separator: ", ")))")))
        }
        guard let store = request.query["store"].flatMap(StoreName.init(rawValue:)), store != .appStore else {
            return reply(.refusal(ServerError(.invalidQuery, "store: googlePlay or amazon")))
        }
        let dryRun = request.query["dryRun"] == "true"
        let now = clock.now()
        let rows: [StoreRevocation]
        do {
            rows = try RevocationFile(
                store: store, installIdColumn: request.query["installIdColumn"],
                revokedAtColumn: request.query["revokedAtColumn"]
            ).rows(request.body, bundleId: bundleId, now: now)
        } catch {
            return reply(.refusal(error))
        }
        Task { [ledger] in
            do throws(LedgerError) {
                reply(
                    .json(
                        200,
                        try await ledger.importStoreRevocations(
                            rows, bundleId: bundleId, store: store, dryRun: dryRun, at: now)))
            } catch {
                reply(.refusal(error))
            }
        }
    }

    static let storeLink = AdminBody.Shape(
        required: ["accountId", "store", "installId"], optional: ["significantChangeStatus", "statusDate"],
        example:
            #"{"accountId": "...", "store": "googlePlay" or "amazon", "installId": "...", "significantChangeStatus": optional "pending", "approved" or "denied", "statusDate": optional "2026-03-05"}"#
    )
}
