#if canImport(StoreKit)
    @preconcurrency import StoreKit
    import AgeGating
    import AgeSignals
    import SignificantChanges

    /// What AgeKit needs from `AppTransaction.shared`: the original version (exempts a person
    /// whose first install already had a change), the app transaction id (the only way the
    /// server attributes a `RESCIND_CONSENT`), and the signed JWS the app sends to its backend,
    /// which registers it with `agekit serve`.
    public struct AppTransactionInfo: Hashable, Sendable {
        /// The app version the person first installed.
        public let originalAppVersion: String
        /// The App Store's id of this install, which a `RESCIND_CONSENT` notification names.
        public let appTransactionID: String
        /// The signed app transaction (`VerificationResult.jwsRepresentation`).
        public let jwsRepresentation: String
        /// Whether StoreKit verified the signature on the device (the server verifies again).
        public let isVerified: Bool

        /// The facts of an app transaction, as read or as a test gives them.
        public init(originalAppVersion: String, appTransactionID: String, jwsRepresentation: String, isVerified: Bool) {
            self.originalAppVersion = originalAppVersion
            self.appTransactionID = appTransactionID
            self.jwsRepresentation = jwsRepresentation
            self.isVerified = isVerified
        }

        /// The original version as a version, for the change flow, which compares it the way
        /// the platform writes it (a build number everywhere but macOS, `1.0` in the sandbox);
        /// nil when it is not a version at all.
        public var originalVersion: AppVersion? { try? AppVersion(parsing: originalAppVersion) }

        /// Reads `AppTransaction.shared` under the signal deadline. An unverified transaction is
        /// returned with `isVerified == false` (the server decides); only a failed or hung
        /// call throws.
        public static func current(
            deadlines: BridgeDeadlines = BridgeDeadlines()
        )
            async throws(AgeKitAppleError) -> AppTransactionInfo
        {
            let outcome = await SystemCall.run(within: deadlines.signal, clock: deadlines.clock) {
                () async throws(AgeKitAppleError) -> AppTransactionInfo in
                do {
                    return AppTransactionInfo(system: try await AppTransaction.shared)
                } catch {
                    throw AgeKitAppleError(.systemError, "AppTransaction.shared threw \(error)")
                }
            }
            switch outcome {
            case .value(let info): return info
            case .failed(let error): throw error
            case .timedOut:
                throw AgeKitAppleError(.timedOut, "AppTransaction.shared did not return within \(deadlines.signal)")
            }
        }

        init(system result: VerificationResult<AppTransaction>) {
            let transaction: AppTransaction
            let verified: Bool
            switch result {
            case .verified(let value):
                (transaction, verified) = (value, true)
            case .unverified(let value, _):
                (transaction, verified) = (value, false)
            }
            self.init(
                originalAppVersion: transaction.originalAppVersion, appTransactionID: transaction.appTransactionID,
                jwsRepresentation: result.jwsRepresentation, isVerified: verified)
        }
    }
#endif
