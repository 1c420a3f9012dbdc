import AgeKitSimulator
import Foundation
import SignificantChanges
import Testing

@Suite("rule 11: Ask to Buy is a state to render")
struct PurchaseRequestTests {
    static let t0 = Date(timeIntervalSince1970: 1_781_773_200)
    static let hour: TimeInterval = 3600

    struct ResultRow: Sendable, CustomTestStringConvertible {
        let result: PurchaseResult
        let state: String
        let action: PurchaseRequest.Action
        var testDescription: String { state }
    }

    @Test(
        "each purchase result has its own state: pending is waiting for approval, never a failure or a cancel",
        arguments: [
            ResultRow(result: .success(transactionID: "t1"), state: "purchased", action: .deliver(transactionID: "t1")),
            ResultRow(result: .pending, state: "pendingApproval", action: .showPendingApproval),
            ResultRow(result: .userCancelled, state: "cancelled", action: .showCancelled),
        ])
    func results(_ row: ResultRow) {
        var request = PurchaseRequest(productID: "pro")
        #expect(request.handle(.buy, at: Self.t0) == [.purchase(productID: "pro")])
        #expect(request.handle(.purchaseReturned(row.result), at: Self.t0) == [row.action])
        #expect(request.state.name == row.state)
    }

    @Test("an approval arriving later on the transaction updates delivers the purchase")
    func approvalLater() {
        var request = PurchaseRequest(productID: "pro", patience: Self.hour)
        _ = request.handle(.buy, at: Self.t0)
        _ = request.handle(.purchaseReturned(.pending), at: Self.t0)
        #expect(request.handle(.buy, at: Self.t0).first.map { if case .ignored = $0 { true } else { false } } == true)
        let other = request.handle(
            .transactionUpdate(TransactionUpdate(productID: "coins", transactionID: "x")), at: Self.t0)
        #expect(!other.contains(.deliver(transactionID: "x")))
        let approved = request.handle(
            .transactionUpdate(TransactionUpdate(productID: "pro", transactionID: "t9")),
            at: Self.t0.addingTimeInterval(600))
        #expect(approved == [.deliver(transactionID: "t9")])
        #expect(request.isPurchased)
    }

    @Test("a decline sends nothing: after the app's patience the screen says so and lets the person ask again")
    func declineSendsNothing() {
        var request = PurchaseRequest(productID: "pro", patience: Self.hour)
        _ = request.handle(.buy, at: Self.t0)
        _ = request.handle(.purchaseReturned(.pending), at: Self.t0)
        #expect(request.handle(.tick, at: Self.t0.addingTimeInterval(Self.hour - 1)).isEmpty)
        #expect(
            request.handle(.tick, at: Self.t0.addingTimeInterval(Self.hour)) == [.showStillWaiting(canAskAgain: true)])
        #expect(request.handle(.tick, at: Self.t0.addingTimeInterval(2 * Self.hour)).isEmpty)
        #expect(request.state == .pendingApproval(since: Self.t0, stillWaiting: true))
        #expect(request.handle(.buy, at: Self.t0.addingTimeInterval(2 * Self.hour)) == [.purchase(productID: "pro")])
    }

    @Test("a refund or revocation of the bought product takes access away")
    func revoked() {
        var request = PurchaseRequest(productID: "pro")
        _ = request.handle(.buy, at: Self.t0)
        _ = request.handle(.purchaseReturned(.success(transactionID: "t1")), at: Self.t0)
        let actions = request.handle(
            .transactionUpdate(TransactionUpdate(productID: "pro", transactionID: "t1", revoked: true)), at: Self.t0)
        #expect(actions == [.revokeAccess(transactionID: "t1")])
        #expect(request.state.name == "revoked")
    }

    @Test("a thrown purchase is a failure, and buying again is offered")
    func failure() {
        var request = PurchaseRequest(productID: "pro")
        _ = request.handle(.buy, at: Self.t0)
        #expect(request.handle(.purchaseFailed(PurchaseFailure("network")), at: Self.t0) == [.showFailed("network")])
        #expect(request.handle(.buy, at: Self.t0) == [.purchase(productID: "pro")])
    }

    struct StoreRow: Sendable, CustomTestStringConvertible {
        let guardian: String
        let delivered: Bool
        var testDescription: String { guardian }
    }

    @Test(
        "through the simulated store: Ask to Buy is pending, an approval arrives as an update, a decline never does",
        arguments: [
            StoreRow(guardian: "approve", delivered: true), StoreRow(guardian: "deny", delivered: false),
            StoreRow(guardian: "never", delivered: false), StoreRow(guardian: "deny-then-approve", delivered: true),
        ])
    func simulatedStore(_ row: StoreRow) async throws {
        let guardian = try #require(GuardianBehavior(name: row.guardian))
        let store = SimulatedStore(buyer: .askToBuy(guardian), clock: SimulatedClock(start: Self.t0))
        var request = PurchaseRequest(productID: "pro")
        _ = request.handle(.buy, at: Self.t0)
        let result = try await store.purchase(productID: "pro")
        #expect(result == .pending)
        _ = request.handle(.purchaseReturned(result), at: Self.t0)
        for update in store.deliverUpdates(until: .distantFuture) {
            _ = request.handle(.transactionUpdate(update), at: Self.t0.addingTimeInterval(600))
        }
        #expect(request.isPurchased == row.delivered)
        #expect(request.state.name == (row.delivered ? "purchased" : "pendingApproval"))
    }
}
