import Foundation

/// Mirrors https://developer.apple.com/documentation/storekit/product
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct Product: Identifiable {
    /// Mirrors https://developer.apple.com/documentation/storekit/product/id
    public let id: String

    package init(id: String) {
        self.id = id
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/product/products(for:)
    public static func products<Identifiers>(for identifiers: Identifiers) async throws -> [Product]
    where Identifiers: Collection, Identifiers.Element == String {
        let system = MirrorSystem.current
        return identifiers.filter { system.productIDs.contains($0) }.map { Product(id: $0) }
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/product/purchaseoption
    public struct PurchaseOption: Hashable {
        package init() {}
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/product/purchaseresult
    public enum PurchaseResult {
        case success(VerificationResult<Transaction>)
        case userCancelled
        case pending
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/product/purchase(options:)
    public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
        let system = MirrorSystem.current
        system.record(.purchase(id), introducedIn: (15, 0))
        return try await system.perform(system.purchase)
    }
}

/// Mirrors https://developer.apple.com/documentation/storekit/transaction
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public struct Transaction {
    /// Mirrors https://developer.apple.com/documentation/storekit/transaction/id
    public let id: UInt64
    /// Mirrors https://developer.apple.com/documentation/storekit/transaction/productid
    public let productID: String
    /// Mirrors https://developer.apple.com/documentation/storekit/transaction/revocationdate
    public let revocationDate: Date?

    package init(id: UInt64, productID: String, revocationDate: Date? = nil) {
        self.id = id
        self.productID = productID
        self.revocationDate = revocationDate
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/transaction/finish()
    public func finish() async {
        MirrorSystem.current.recordFinished(id)
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/transaction/updates
    public static var updates: Transaction.Transactions {
        let system = MirrorSystem.current
        system.record(.transactionUpdates, introducedIn: (15, 0))
        return Transactions(stream: system.transactionFeed.makeStream())
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/transaction/transactions
    public struct Transactions: AsyncSequence {
        public typealias Element = VerificationResult<Transaction>
        let stream: AsyncStream<VerificationResult<Transaction>>

        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncStream<VerificationResult<Transaction>>.AsyncIterator
            public mutating func next() async -> VerificationResult<Transaction>? { await base.next() }
        }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }
    }
}

/// Delivers transactions to every `Transaction.updates` sequence, as the system does when an
/// Ask to Buy is approved or a purchase is made elsewhere.
package final class TransactionFeed: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [AsyncStream<VerificationResult<Transaction>>.Continuation] = []

    package var registrations: Int { lock.withLock { continuations.count } }

    func makeStream() -> AsyncStream<VerificationResult<Transaction>> {
        let (stream, continuation) = AsyncStream.makeStream(of: VerificationResult<Transaction>.self)
        lock.withLock { continuations.append(continuation) }
        return stream
    }

    package func deliver(_ result: VerificationResult<Transaction>) {
        for continuation in lock.withLock({ continuations }) { continuation.yield(result) }
    }
}
