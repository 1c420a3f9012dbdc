#if canImport(StoreKit)
    @preconcurrency import StoreKit
    import AgeGating
    import AgeSignals
    import SignificantChanges
    #if canImport(UIKit) && !os(watchOS)
        import UIKit
    #endif

    /// The core's `SignificantChanges.PurchaseService` on StoreKit and `Transaction.updates`.
    /// The purchase is `Product.purchase(confirmIn:options:)` with a scene where UIKit has
    /// scenes (iOS, iPadOS, Mac Catalyst, tvOS, visionOS: `purchase(options:)` lists no Mac
    /// Catalyst or visionOS row), and `Product.purchase(options:)` on macOS and watchOS.
    /// `Product.PurchaseResult.pending` (Ask to Buy) stays pending in the core's
    /// `SignificantChanges.PurchaseRequest`: the answer comes later on the updates listener,
    /// which ``startListening()`` starts at launch, or never. Only verified transactions deliver
    /// anything.
    ///
    /// The bridge finishes nothing on its own: `Transaction.finish()` tells the App Store the
    /// content was delivered, and only the app delivers (the request's `deliver` and
    /// `revokeAccess` actions). The app calls ``finish(transactionID:)`` once it has; until then
    /// StoreKit hands the transaction over again at the next launch. The updates listener sees
    /// the app's own products too, and leaves them to the app.
    public final class SystemPurchaseService: PurchaseService {
        private struct State {
            var listening = false
            /// Verified transactions handed to the core and not finished yet, by id.
            var unfinished: [String: HandedOver] = [:]
            var unfinishedOrder: [String] = []
        }

        /// Unfinished transactions kept past this many are dropped, oldest first (StoreKit
        /// hands them over again at the next launch).
        static let unfinishedLimit = 256

        private let state = Locked(State())
        private let fanOut = ReplayingBroadcast<TransactionUpdate>()
        private let deadlines: BridgeDeadlines

        #if canImport(UIKit) && !os(watchOS)
            /// The scene the purchase sheet is confirmed in, found when the purchase starts.
            public typealias SceneProvider = @MainActor @Sendable () -> UIScene?
            private let scene: SceneProvider

            /// - Parameters:
            ///   - deadlines: how long each system call may take.
            ///   - scene: the scene to confirm the purchase in; by default the foreground
            ///     scene, which is nil while several windows are in the foreground: an app
            ///     with several windows passes the scene of the view that buys.
            public init(
                deadlines: BridgeDeadlines = BridgeDeadlines(),
                scene: @escaping SceneProvider = { PresentationAnchors.foregroundScene() }
            ) {
                self.deadlines = deadlines
                self.scene = scene
            }
        #else
            public init(deadlines: BridgeDeadlines = BridgeDeadlines()) {
                self.deadlines = deadlines
            }
        #endif

        /// Listens to `Transaction.updates` once, for as long as the app runs.
        public func startListening() {
            let first = state.withLock { state in
                defer { state.listening = true }
                return !state.listening
            }
            guard first else { return }
            let updates = Transaction.updates
            Task { [self] in
                for await result in updates {
                    guard case .verified(let transaction) = result else { continue }
                    keep(transaction)
                    deliver(
                        TransactionUpdate(
                            productID: transaction.productID, transactionID: String(transaction.id),
                            revoked: transaction.revocationDate != nil))
                }
            }
        }

        public func transactionUpdates() -> AsyncStream<TransactionUpdate> {
            startListening()
            return fanOut.stream()
        }

        public func purchase(productID: String) async throws(PurchaseFailure) -> SignificantChanges.PurchaseResult {
            startListening()
            #if canImport(UIKit) && !os(watchOS)
                guard let scene = await scene() else {
                    throw PurchaseFailure("there is no scene to confirm the purchase in")
                }
            #endif
            let outcome = await SystemCall.run(within: deadlines.prompt, clock: deadlines.clock) {
                [self] () async throws(PurchaseFailure) -> SignificantChanges.PurchaseResult in
                let product: Product?
                do { product = try await Product.products(for: [productID]).first } catch {
                    throw PurchaseFailure("the products could not be loaded: \(error)")
                }
                guard let product else { throw PurchaseFailure("the store has no product '\(productID)'") }
                do {
                    #if canImport(UIKit) && !os(watchOS)
                        let result = try await product.purchase(confirmIn: scene)
                    #else
                        let result = try await product.purchase()
                    #endif
                    if case .success(.verified(let transaction)) = result { keep(transaction) }
                    return try Self.result(result)
                } catch let failure as PurchaseFailure {
                    throw failure
                } catch {
                    throw PurchaseFailure("the purchase threw \(error)")
                }
            }
            switch outcome {
            case .value(let result): return result
            case .failed(let failure): throw failure
            case .timedOut: throw PurchaseFailure("the purchase did not return within \(deadlines.prompt)")
            }
        }

        /// Finishes a verified transaction this service handed to the core, once the app has
        /// delivered (or revoked) what it bought. False for an id it never handed over or already
        /// finished: the bridge never finishes a transaction it did not see.
        @discardableResult
        public func finish(transactionID: String) async -> Bool {
            let kept = state.withLock { state in
                state.unfinishedOrder.removeAll { $0 == transactionID }
                return state.unfinished.removeValue(forKey: transactionID)
            }
            guard let kept else { return false }
            await kept.transaction.finish()
            return true
        }

        /// The transactions handed over and not finished yet, by id.
        public var unfinishedTransactionIDs: [String] { state.withLock { $0.unfinishedOrder } }

        private func keep(_ transaction: Transaction) {
            let id = String(transaction.id)
            state.withLock { state in
                if state.unfinished.updateValue(HandedOver(transaction), forKey: id) == nil {
                    state.unfinishedOrder.append(id)
                }
                if state.unfinishedOrder.count > Self.unfinishedLimit {
                    state.unfinished[state.unfinishedOrder.removeFirst()] = nil
                }
            }
        }

        /// StoreKit's result as the core's; an unverified transaction delivers nothing, and a
        /// result added after this build keeps its name.
        static func result(_ result: Product.PurchaseResult) throws -> SignificantChanges.PurchaseResult {
            switch result {
            case .success(.verified(let transaction)):
                return .success(transactionID: String(transaction.id))
            case .success(.unverified(let transaction, let error)):
                throw PurchaseFailure("transaction \(transaction.id) failed verification: \(error)")
            case .pending:
                return .pending
            case .userCancelled:
                return .userCancelled
            @unknown default:
                return .unknown(String(describing: result))
            }
        }

        private func deliver(_ update: TransactionUpdate) { fanOut.send(update) }
    }

    /// A StoreKit transaction kept until the app finishes it, boxed so that the service's
    /// state stays `Sendable` whether or not an SDK marks `Transaction` so; the service never
    /// changes one after keeping it.
    private struct HandedOver: @unchecked Sendable {
        let transaction: Transaction
        init(_ transaction: Transaction) { self.transaction = transaction }
    }
#endif
