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
        var scheduled: [(at: Date, update: TransactionUpdate)] = []
        var listeners: [AsyncStream<TransactionUpdate>.Continuation] = []
    }

    private let state: Locked<State>
    private let clock: any ConsentClock

    /// A store whose buyer acts as `buyer` on every purchase.
    public init(buyer: Buyer, clock: any ConsentClock) {
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
                    state.scheduled.append(
                        (approval.at, TransactionUpdate(productID: productID, transactionID: transactionID)))
                    state.scheduled.sort { $0.at < $1.at }
                }
                return .success(.pending)
            }
        }
        return try result.get()
    }

    public func transactionUpdates() -> AsyncStream<TransactionUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: TransactionUpdate.self)
        state.withLock { $0.listeners.append(continuation) }
        return stream
    }

    /// When the next update arrives, if one is on its way.
    public var nextUpdateTime: Date? { state.withLock { $0.scheduled.first?.at } }
    /// How many purchases were started.
    public var purchaseCount: Int { state.withLock { $0.purchases } }

    /// Removes and returns the updates due at or before `time`, and yields them to listeners.
    public func deliverUpdates(until time: Date) -> [TransactionUpdate] {
        let (due, listeners) = state.withLock { state in
            let due = state.scheduled.prefix { $0.at <= time }
            state.scheduled.removeFirst(due.count)
            return (due.map(\.update), state.listeners)
        }
        for update in due {
            for listener in listeners { listener.yield(update) }
        }
        return due
    }
}
