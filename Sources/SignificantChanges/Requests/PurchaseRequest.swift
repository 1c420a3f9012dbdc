import Foundation

/// One purchase, Ask to Buy included, as a pure state machine. A purchase that returns
/// `.pending` is a state the screen renders ("waiting for approval"), never a failure and never
/// a cancellation: collapsing it into either leaves a paywall with a dead button. It resolves
/// later through `Transaction.updates`, or never (a guardian's decline sends nothing), so after
/// the app's patience runs out the screen says so and lets the person ask again.
public struct PurchaseRequest: Hashable, Sendable, Codable {
    /// Where the purchase is; a pending approval is a state of its own.
    public enum State: Hashable, Sendable, Codable {
        /// The person has not tapped "buy".
        case notStarted
        /// The purchase call is running.
        case purchasing(at: Date)
        /// Ask to Buy: a guardian decides. `stillWaiting` once the app's patience ran out.
        case pendingApproval(since: Date, stillWaiting: Bool)
        /// Bought: the content is delivered with this transaction.
        case purchased(transactionID: String, at: Date)
        /// The person closed the payment sheet.
        case cancelled(at: Date)
        /// The purchase call threw or returned a result AgeKit does not know: nothing was bought.
        case failed(PurchaseFailure, at: Date)
        /// Refunded or revoked after it was bought.
        case revoked(at: Date)

        /// The state's name without its values, for reports and the simulator.
        public var name: String {
            switch self {
            case .notStarted: "notStarted"
            case .purchasing: "purchasing"
            case .pendingApproval: "pendingApproval"
            case .purchased: "purchased"
            case .cancelled: "cancelled"
            case .failed: "failed"
            case .revoked: "revoked"
            }
        }
    }

    /// What happened; the caller feeds each one to ``handle(_:at:)``.
    public enum Event: Hashable, Sendable {
        /// The person tapped "buy" (or "ask again").
        case buy
        /// The purchase call returned.
        case purchaseReturned(PurchaseResult)
        /// The purchase call threw: nothing was bought.
        case purchaseFailed(PurchaseFailure)
        /// From `Transaction.updates`; updates for other products are ignored.
        case transactionUpdate(TransactionUpdate)
        /// Time passed.
        case tick
    }

    /// What the caller performs, in order.
    public enum Action: Hashable, Sendable {
        /// Call the store's purchase for this product.
        case purchase(productID: String)
        /// Render "waiting for a guardian's approval" (not an error, not a cancel).
        case showPendingApproval
        /// No answer within the app's patience; a decline sends nothing, so offer to ask again.
        case showStillWaiting(canAskAgain: Bool)
        /// Unlock the content and finish the transaction.
        case deliver(transactionID: String)
        /// Show that the person cancelled; they may buy again.
        case showCancelled
        /// Show that nothing was bought, with the reason.
        case showFailed(String)
        /// Take the content back: the purchase was refunded or revoked.
        case revokeAccess(transactionID: String)
        /// An event with no effect, and why.
        case ignored(String)
    }

    /// The product being bought.
    public let productID: String
    /// How long the screen waits for a guardian before it says there is no answer yet.
    public let patience: TimeInterval
    /// Where the purchase is.
    public private(set) var state: State = .notStarted

    /// One day: how long the screen waits for a guardian by default.
    public static let defaultPatience: TimeInterval = 24 * 60 * 60

    /// A purchase not started yet.
    public init(productID: String, patience: TimeInterval = Self.defaultPatience) {
        self.productID = productID
        self.patience = patience
    }

    /// Whether the product was bought and not revoked.
    public var isPurchased: Bool { if case .purchased = state { true } else { false } }

    /// Takes one event at `now` and returns what to perform; an event with no effect returns ``Action/ignored(_:)``.
    public mutating func handle(_ event: Event, at now: Date) -> [Action] {
        switch (event, state) {
        case (.buy, .notStarted), (.buy, .cancelled), (.buy, .failed), (.buy, .revoked),
            (.buy, .pendingApproval(_, stillWaiting: true)):
            state = .purchasing(at: now)
            return [.purchase(productID: productID)]
        case (.buy, _):
            return [.ignored("buy while \(state.name)")]

        case (.purchaseReturned(let result), .purchasing):
            switch result {
            case .success(let transactionID):
                state = .purchased(transactionID: transactionID, at: now)
                return [.deliver(transactionID: transactionID)]
            case .pending:
                state = .pendingApproval(since: now, stillWaiting: false)
                return [.showPendingApproval]
            case .userCancelled:
                state = .cancelled(at: now)
                return [.showCancelled]
            case .unknown(let name):
                let failure = PurchaseFailure(
                    "the store returned a purchase result this version does not know: \(name)")
                state = .failed(failure, at: now)
                return [.showFailed(failure.reason)]
            }
        case (.purchaseFailed(let failure), .purchasing):
            state = .failed(failure, at: now)
            return [.showFailed(failure.reason)]
        case (.purchaseReturned, _), (.purchaseFailed, _):
            return [.ignored("a purchase result while \(state.name)")]

        case (.transactionUpdate(let update), _) where update.productID != productID:
            return [.ignored("update for another product (\(update.productID))")]
        case (.transactionUpdate(let update), .purchased(let transactionID, _)):
            guard update.revoked, update.transactionID == transactionID else {
                return [.ignored("update for \(productID), which is already purchased")]
            }
            state = .revoked(at: now)
            return [.revokeAccess(transactionID: transactionID)]
        case (.transactionUpdate(let update), _):
            // An approval (or a purchase made elsewhere) resolves any state but purchased.
            guard !update.revoked else { return [.ignored("revocation of \(productID), which is not purchased")] }
            state = .purchased(transactionID: update.transactionID, at: now)
            return [.deliver(transactionID: update.transactionID)]

        case (.tick, .pendingApproval(let since, false)) where now >= since.addingTimeInterval(patience):
            state = .pendingApproval(since: since, stillWaiting: true)
            return [.showStillWaiting(canAskAgain: true)]
        case (.tick, _):
            return []
        }
    }
}
