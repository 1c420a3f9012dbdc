import ConsentLedger

/// A link of a store install to an account, checked: the same rules on the admin API and in
/// `agekit link`.
package struct StoreLink: Sendable {
    package let accountId: String
    package let store: StoreName
    package let installId: String
    package let status: SignificantChangeStatus?
    package let statusDate: Int64?

    package init(
        accountId: String, store: String, installId: String, status: String?, statusDate: String?
    ) throws(ServerError) {
        if let problem = Identifiers.accountIdProblem(accountId) { throw ServerError(.invalidLink, problem) }
        guard let parsed = StoreName(rawValue: store), parsed != .appStore else {
            throw ServerError(
                .invalidLink,
                "store: '\(store)' is not googlePlay or amazon (App Store accounts link by app transaction)")
        }
        if let problem = Identifiers.installIdProblem(installId) { throw ServerError(.invalidLink, problem) }
        var read: SignificantChangeStatus?
        if let status {
            guard let known = SignificantChangeStatus(rawValue: status) else {
                throw ServerError(
                    .invalidLink, "significantChangeStatus: '\(status)' is not pending, approved or denied")
            }
            read = known
        }
        var date: Int64?
        if let statusDate {
            guard let parsed = ImportDate.milliseconds(statusDate) else {
                throw ServerError(
                    .invalidLink,
                    "statusDate: '\(statusDate.prefix(64))' is not a date (2026-03-05 or 2026-03-05T14:30:00Z)")
            }
            date = parsed
        }
        self.accountId = accountId
        self.store = parsed
        self.installId = installId
        self.status = read
        self.statusDate = date
    }

    init(_ body: AdminBody) throws(ServerError) {
        try self.init(
            accountId: body["accountId"] ?? "", store: body["store"] ?? "", installId: body["installId"] ?? "",
            status: body["significantChangeStatus"], statusDate: body["statusDate"])
    }
}
