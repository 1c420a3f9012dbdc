#if canImport(StoreKit)
    import CodedErrors
    import Foundation

    extension AppTransactionRegistration {
        /// Sign-in's registration, whole: reads `AppTransaction.shared`, builds the request for
        /// `accountID` and sends it through `transport`, so that a later `RESCIND_CONSENT` for
        /// this install is attributed to the account. Throws when the transaction cannot be
        /// read, the request cannot be sent, or the server does not answer 2xx.
        public static func register(
            accountID: String, server: URL, bundleID: String, adminToken: String,
            via transport: any RegistrationTransport,
            deadlines: BridgeDeadlines = BridgeDeadlines()
        ) async throws(AgeKitAppleError) {
            let transaction = try await AppTransactionInfo.current(deadlines: deadlines)
            let registration = try AppTransactionRegistration(
                server: server, bundleID: bundleID, accountID: accountID,
                signedAppTransaction: transaction.jwsRepresentation, adminToken: adminToken)
            let status: Int
            do {
                status = try await transport.send(registration).status
            } catch {
                throw AgeKitAppleError(.systemError, "the registration could not be sent: \(error)")
            }
            guard (200..<300).contains(status) else {
                throw AgeKitAppleError(.systemError, "the server answered \(status) to the registration")
            }
        }
    }
#endif
