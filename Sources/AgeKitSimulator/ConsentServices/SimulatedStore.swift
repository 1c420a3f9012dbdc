import AgeSignals
import Foundation
import SignificantChanges

/// StoreKit's purchase call and `Transaction.updates`, simulated with Ask to Buy: a family
/// member under 18 gets `.pending`, and the guardian's answer (per ``GuardianBehavior``)
/// arrives later as a transaction update, or never for a decline, as StoreKit does.
public final class SimulatedStore: PurchaseService {
    /// What the person does when a purchase starts.
    public enum Buyer: Hashable, Sendable {
        /// Pays at once.
        case adult
        /// A family member with Ask to Buy: the guardian decides.
        case askToBuy(GuardianBehavior)
        /// Closes the payment sheet.
        case cancels
        /// The purchase call throws.
        case fails(String)
    }

    private struct State {
        var buyer: Buyer
        var purchases = 0
    }

    private let state: Locked<State>
    private let updates = ScheduledBroadcast<TransactionUpdate>()
    private let clock: any AppClock

    /// A store whose buyer acts as `buyer` on every purchase.
    public init(buyer: Buyer, clock: any AppClock) {
        self.state = Locked(State(buyer: buyer))
        self.clock = clock
    }

    /// A purchase: succeeds, is cancelled, fails, or is pending for Ask to Buy, as the buyer acts.
    public func purchase(productID: String) async throws(PurchaseFailure) -> PurchaseResult {
        let now = clock.now
        let result: Result<PurchaseResult, PurchaseFailure> = state.withLock { state in
            state.purchases += 1
            let transactionID = "\(productID)-t\(state.purchases)"
            switch state.buyer {
            case .adult: return .success(.success(transactionID: transactionID))
            case .cancels: return .success(.userCancelled)
            case .fails(let reason): return .failure(PurchaseFailure(reason))
            case .askToBuy(let guardian):
                // Only an approval becomes a transaction; a decline sends nothing at all.
                let answers = guardian.responses(sentAt: now, expiresAt: .distantFuture)
                if let approval = answers.first(where: { $0.approved }) {
                    updates.schedule(
                        TransactionUpdate(productID: productID, transactionID: transactionID), at: approval.at)
                }
                return .success(.pending)
            }
        }
        return try result.get()
    }

    public func transactionUpdates() -> AsyncStream<TransactionUpdate> { updates.stream() }

    /// When the next update arrives, if one is on its way.
    public var nextUpdateTime: Date? { updates.nextTime }
    /// How many purchases were started.
    public var purchaseCount: Int { state.withLock { $0.purchases } }

    /// Removes and returns the updates due at or before `time`, and yields them to listeners.
    public func deliverUpdates(until time: Date) -> [TransactionUpdate] {
        updates.deliver(until: time).map(\.value)
    }
}
