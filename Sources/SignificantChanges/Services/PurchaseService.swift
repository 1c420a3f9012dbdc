import Foundation

/// How a purchase call returned: StoreKit's `Product.PurchaseResult`.
public enum PurchaseResult: Hashable, Sendable {
    /// Paid; the content is delivered with this transaction.
    case success(transactionID: String)
    /// Ask to Buy: a family member under 18 asked a guardian. The result arrives later on
    /// `Transaction.updates`, or never (a declined request sends nothing).
    case pending
    /// The person closed the payment sheet.
    case userCancelled
    /// A result this version of AgeKit does not know, by the system's case name: nothing is
    /// delivered, and the request ends as failed (the person may buy again).
    case unknown(String)
}

/// A transaction that arrived outside the purchase call (`Transaction.updates`): an approved
/// Ask to Buy, a purchase made elsewhere, or a revocation.
public struct TransactionUpdate: Hashable, Sendable {
    /// The product the transaction is for.
    public let productID: String
    /// The store's transaction identifier.
    public let transactionID: String
    /// The purchase was refunded or revoked (`revocationDate` is set).
    public let revoked: Bool

    /// An update as the store reports it.
    public init(productID: String, transactionID: String, revoked: Bool = false) {
        self.productID = productID
        self.transactionID = transactionID
        self.revoked = revoked
    }
}

/// Why a purchase call threw (StoreKit's `Product.PurchaseError` and `StoreKitError`), kept
/// as the description: every one of them means nothing was bought.
public struct PurchaseFailure: Error, Hashable, Sendable, Codable {
    /// The store's description of the error.
    public let reason: String
    /// A failure with the store's description.
    public init(_ reason: String) { self.reason = reason }
}

/// The store (StoreKit's `Product.purchase()` and `Transaction.updates`). The simulator and
/// the Apple bridge implement it.
public protocol PurchaseService: Sendable {
    /// Buys the product: shows the payment sheet, or asks a guardian under Ask to Buy.
    func purchase(productID: String) async throws(PurchaseFailure) -> PurchaseResult
    /// Every transaction update for as long as the app runs; listen from launch, since an
    /// approval may arrive while nothing is buying.
    func transactionUpdates() -> AsyncStream<TransactionUpdate>
}
