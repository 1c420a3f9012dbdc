/// Which app a verified payload must be for: its bundle id, the environments accepted, and
/// (in Production, where Apple always sends it) its App Apple ID.
///
/// A policy value: ``check(_:)-(VerifiedNotification)`` returns nothing or throws one
/// `wrong_*` code, in the order bundle id, environment, App Apple ID.
public struct AppIdentity: Sendable, Hashable {
    /// nil accepts any bundle id (the CLI's `verify` without `--bundle-id`).
    public var bundleId: String?
    /// Checked only for Production payloads; nil skips the check.
    public var appAppleId: Int64?
    /// Empty accepts any environment.
    public var environments: Set<Environment>

    public init(bundleId: String, appAppleId: Int64?, environments: Set<Environment>) {
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environments = environments
    }

    /// An identity that checks only what is given (nil bundle id: any app).
    public static func checking(bundleId: String?, appAppleId: Int64?, environments: Set<Environment>) -> AppIdentity {
        var identity = AppIdentity(bundleId: "", appAppleId: appAppleId, environments: environments)
        identity.bundleId = bundleId
        return identity
    }

    /// The identity comes from `data`, `summary`, `externalPurchaseToken` or `appData`;
    /// nested transactions and app transactions must name the same app.
    public func check(_ notification: VerifiedNotification) throws(VerificationError) {
        guard
            notification.data != nil || notification.summary != nil || notification.externalPurchaseToken != nil
                || notification.appData != nil
        else {
            throw VerificationError(
                .malformedPayload, "the notification has none of data, summary, externalPurchaseToken, appData")
        }
        try check(
            bundleId: notification.bundleId, environment: notification.environment,
            appAppleId: notification.appAppleId, what: "the notification")
        if let transaction = notification.data?.transaction {
            try check(transaction)
        }
        if let renewal = notification.data?.renewalInfo {
            try checkEnvironment(renewal.environment, what: "the renewal info")
        }
        if let appTransaction = notification.appData?.appTransaction {
            try check(appTransaction)
        }
    }

    public func check(_ appTransaction: AppTransaction) throws(VerificationError) {
        try check(
            bundleId: appTransaction.bundleId, environment: appTransaction.receiptType,
            appAppleId: appTransaction.appAppleId, what: "the app transaction")
    }

    /// A transaction carries no App Apple ID: bundle id and environment only.
    public func check(_ transaction: JWSTransaction) throws(VerificationError) {
        try checkBundle(transaction.bundleId, what: "the transaction")
        try checkEnvironment(transaction.environment, what: "the transaction")
    }

    public func check(_ renewalInfo: JWSRenewalInfo) throws(VerificationError) {
        try checkEnvironment(renewalInfo.environment, what: "the renewal info")
    }

    private func check(
        bundleId: String?, environment: Environment?, appAppleId: Int64?, what: String
    )
        throws(VerificationError)
    {
        try checkBundle(bundleId, what: what)
        try checkEnvironment(environment, what: what)
        if let expected = self.appAppleId, environment == .production, appAppleId != expected {
            throw VerificationError(
                .wrongAppAppleId,
                "\(what) is for App Apple ID \(appAppleId.map(String.init) ?? "(none)"), expected \(expected)")
        }
    }

    private func checkBundle(_ bundleId: String?, what: String) throws(VerificationError) {
        if let expected = self.bundleId, bundleId != expected {
            throw VerificationError(
                .wrongBundleId, "\(what) is for bundle id '\(bundleId ?? "(none)")', expected '\(expected)'")
        }
    }

    private func checkEnvironment(_ environment: Environment?, what: String) throws(VerificationError) {
        guard !environments.isEmpty else { return }
        guard let environment, environments.contains(environment) else {
            let accepted = environments.map(\.rawValue).sorted().joined(separator: ", ")
            throw VerificationError(
                .wrongEnvironment,
                "\(what) comes from environment '\(environment?.rawValue ?? "(none)")'; accepted: \(accepted)")
        }
    }
}
