import ConsentServer
import Foundation

/// Get App Transaction Info, as the App Store answers it: the signed app transaction of a
/// known transaction id, and Apple's error codes for the others.
extension AppStoreAPIStandIn {
    static let appTransactionsPath = "/inApps/v1/transactions/appTransactions/"

    /// Makes `transactionId` lead to `signedAppTransaction`.
    func serveAppTransaction(_ signedAppTransaction: String, for transactionId: String) {
        state.withLock { $0.appTransactions[transactionId] = signedAppTransaction }
    }

    /// Makes `transactionId` known, its customer without an app transaction.
    func serveNoAppTransaction(for transactionId: String) {
        state.withLock { _ = $0.withoutAppTransaction.insert(transactionId) }
    }

    /// How many times `transactionId` was asked about.
    func appTransactionLookups(of transactionId: String) -> Int {
        requests.filter { $0 == "GET " + Self.appTransactionsPath + transactionId }.count
    }

    func appTransactionInfo(_ transactionId: String) -> HTTPResponse {
        // Apple's transaction ids are digits; anything else is not one.
        guard !transactionId.isEmpty, transactionId.allSatisfy(\.isNumber) else {
            return Self.appleError(400, 4_000_006, "Invalid transaction id.")
        }
        return state.withLock { state in
            if let signed = state.appTransactions[transactionId] {
                let body = try! JSONSerialization.data(withJSONObject: ["signedAppTransactionInfo": signed])
                return Self.json(200, body)
            }
            if state.withoutAppTransaction.contains(transactionId) {
                return Self.appleError(404, 4_040_019, "No app transaction exists for the customer.")
            }
            return Self.appleError(404, 4_040_010, "Transaction id not found.")
        }
    }
}
