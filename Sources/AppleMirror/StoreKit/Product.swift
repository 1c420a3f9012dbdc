import AppleMirrorSystem
import Foundation

#if canImport(UIKit)
    import UIKit
#endif

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
        let store = MirrorSystem.current.storeKit
        return identifiers.filter { store.productIDs.contains($0) }.map { Product(id: $0) }
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
    @available(visionOS, unavailable)
    @available(macCatalyst, unavailable)
    @MainActor
    public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult {
        try await MirrorSystem.current.storeKit.purchase(id)
    }

    #if canImport(UIKit)
        /// Mirrors https://developer.apple.com/documentation/storekit/product/purchase(confirmin:options:)-6dj6y
        @available(iOS 17.0, macCatalyst 17.0, tvOS 17.0, visionOS 1.0, *)
        @available(macOS, unavailable)
        @available(watchOS, unavailable)
        @MainActor
        public func purchase(
            confirmIn scene: some UIScene, options: Set<Product.PurchaseOption> = []
        ) async throws -> Product.PurchaseResult {
            try await MirrorSystem.current.storeKit.purchase(id)
        }
    #endif
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
        MirrorSystem.current.storeKit.recordFinished(id)
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/transaction/updates
    public static var updates: Transaction.Transactions {
        let system = MirrorSystem.current
        system.record(.transactionUpdates, introducedIn: (15, 0))
        let feed = system.storeKit.transactionFeed
        return Transactions(stream: feed.makeStream(), feed: feed)
    }

    /// Mirrors https://developer.apple.com/documentation/storekit/transaction/transactions
    public struct Transactions: AsyncSequence {
        /// Mirrors https://developer.apple.com/documentation/storekit/transaction/transactions/element
        ///
        /// Assumed: AsyncSequence's witness; the Transactions page lists no members of its own.
        public typealias Element = VerificationResult<Transaction>
        let stream: AsyncStream<VerificationResult<Transaction>>
        let feed: TransactionFeed

        /// Mirrors https://developer.apple.com/documentation/storekit/transaction/transactions/asynciterator
        ///
        /// Assumed: AsyncSequence's witness; the Transactions page lists no members of its own.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncStream<VerificationResult<Transaction>>.AsyncIterator
            let feed: TransactionFeed
            /// Mirrors https://developer.apple.com/documentation/storekit/transaction/transactions/asynciterator/next()
            ///
            /// Assumed: AsyncIteratorProtocol's witness; no page of it could be found.
            public mutating func next() async -> VerificationResult<Transaction>? {
                feed.reads.add()
                return await base.next()
            }
        }

        /// Mirrors https://developer.apple.com/documentation/storekit/transaction/transactions/makeasynciterator()
        ///
        /// Assumed: AsyncSequence's witness; the Transactions page lists no members of its own.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: stream.makeAsyncIterator(), feed: feed)
        }
    }
}

/// Delivers transactions to every `Transaction.updates` sequence, as the system does when an
/// Ask to Buy is approved or a purchase is made elsewhere.
package final class TransactionFeed: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [AsyncStream<VerificationResult<Transaction>>.Continuation] = []

    private let registered = MirrorTally()
    /// Each `next()` on an updates sequence: a listener that asks again is done with the ones before.
    let reads = MirrorTally()

    package var registrations: Int { lock.withLock { continuations.count } }

    /// Returns once `count` sequences were registered (a listener started).
    package func waitForRegistrations(_ count: Int) async { await registered.wait(for: count) }

    /// Returns once the listeners asked for `count` transactions in all (delivered or awaited).
    package func waitForReads(_ count: Int) async { await reads.wait(for: count) }

    func makeStream() -> AsyncStream<VerificationResult<Transaction>> {
        let (stream, continuation) = AsyncStream.makeStream(of: VerificationResult<Transaction>.self)
        lock.withLock { continuations.append(continuation) }
        registered.add()
        return stream
    }

    package func deliver(_ result: VerificationResult<Transaction>) {
        for continuation in lock.withLock({ continuations }) { continuation.yield(result) }
    }
}

/// What the scripted store answers, and what the app finished.
package final class StoreKitScript: MirrorScript, @unchecked Sendable {
    package var ageRatingCode: Int?
    package var ageRatingCodeHangs = false
    /// The storefront's ISO 3166-1 alpha-3 code ("AUS"); nil: no storefront.
    package var storefrontCountryCode: String?
    package var storefrontHangs = false
    package var appTransaction: MirrorSystem.Outcome<VerificationResult<AppTransaction>> = .error(
        MirrorError.unscripted)
    /// The products the store sells.
    package var productIDs: Set<String> = []
    package var purchase: MirrorSystem.Outcome<Product.PurchaseResult> = .value(.userCancelled)
    package let transactionFeed = TransactionFeed()
    private let lock = NSLock()
    private var finished: [UInt64] = []

    package init() {}

    /// Transactions the app finished.
    package var finishedTransactions: [UInt64] { lock.withLock { finished } }

    func recordFinished(_ id: UInt64) {
        lock.withLock { finished.append(id) }
    }

    func purchase(_ id: String) async throws -> Product.PurchaseResult {
        MirrorSystem.current.record(.purchase(id), introducedIn: (15, 0))
        return try await MirrorSystem.current.perform(purchase)
    }
}

extension MirrorSystem {
    package var storeKit: StoreKitScript { script(StoreKitScript.self) }
}
