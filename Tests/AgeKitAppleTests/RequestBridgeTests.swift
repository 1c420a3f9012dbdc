#if AGEKIT_APPLE_MIRROR
    import AgeGating
    @testable import AgeKitApple
    import AppleMirrorSystem
    @preconcurrency import AppleMirrorFoundation
    @preconcurrency import AppTrackingTransparency
    @preconcurrency import DeclaredAgeRange
    @preconcurrency import PermissionKit
    @preconcurrency import StoreKit
    @preconcurrency import UIKit
    import AgeSignals
    import Foundation
    import SignificantChanges
    import Testing

    @Suite("Communication and purchase bridges", .timeLimit(.minutes(1)))
    struct RequestBridgeTests {
        static let now = Date(timeIntervalSince1970: 1_781_773_200)

        @Test(
            "a communication question reaches PermissionKit as a communication topic, and the guardian's answer unlocks"
        )
        func communication() async throws {
            let device = MirrorSystem()
            let center = SystemCommunicationPermissionCenter(store: InMemoryKeyValueStore(), anchor: Harness.anchor)
            var request = CommunicationRequest(
                feature: "marketplace-messages",
                contacts: [CommunicationContact(handle: "seller-12", displayName: "Crate Diggers")], actions: [.message]
            )
            let actions = request.handle(.ask, at: Self.now)
            guard case .askGuardian(let question) = try #require(actions.first) else {
                Issue.record("expected a question, got \(actions)")
                return
            }
            let result = try await onMirror(device) { try await center.ask(question) }
            #expect(result == .handedOver)
            #expect(device.calls.contains(.ask(topic: "communication")))
            _ = request.handle(.askReturned(questionID: question.id, result), at: Self.now)
            // The guardian approves; the listener hands the answer to the request.
            let feed = device.permissionKit.responses(CommunicationTopic.self)
            await feed.waitForRegistrations(1)
            #expect(feed.registrations == 1)
            let systemQuestion = try #require(device.permissionKit.askedCommunicationQuestions.last)
            #expect(systemQuestion.topic.actions == [.message])
            #expect(systemQuestion.topic.personInformation.map(\.handle.value) == ["seller-12"])
            feed.deliver(systemQuestion, choice: .approve)
            var iterator = center.responses().makeAsyncIterator()
            let response = try #require(await iterator.next())
            #expect(request.handle(.response(response), at: Self.now).contains(.unlock))
            #expect(request.isApproved)
        }

        @Test(
            "communication limits that are off come back as their own error, and the request reads the age range again")
        func limitsOff() async {
            let device = MirrorSystem()
            device.permissionKit.ask = .error(AskError.communicationLimitsNotEnabled)
            let question = CommunicationQuestion(
                id: "c1", feature: "marketplace-messages", contacts: [CommunicationContact(handle: "seller-12")],
                actions: [.message], expiresAt: Self.now)
            let thrown = await onMirror(device) { () async -> PermissionAskError? in
                do throws(PermissionAskError) {
                    _ = try await SystemCommunicationPermissionCenter(
                        store: InMemoryKeyValueStore(), anchor: Harness.anchor
                    )
                    .ask(question)
                    return nil
                } catch { return error }
            }
            #expect(thrown == .communicationLimitsNotEnabled)
            #expect(AskErrorRule(.communicationLimitsNotEnabled) == .refreshAgeRange)
        }

        static let results: [(Product.PurchaseResult, String)] = [
            (.success(.verified(Transaction(id: 41, productID: "payout-pro"))), "purchased"),
            (.pending, "pendingApproval"), (.userCancelled, "cancelled"),
            (.success(.unverified(Transaction(id: 42, productID: "payout-pro"), .invalidSignature)), "failed"),
        ]

        @Test("each Product.PurchaseResult reaches the purchase request; pending stays pending", arguments: results)
        func purchaseResults(result: Product.PurchaseResult, state: String) async {
            let device = MirrorSystem()
            device.storeKit.productIDs = ["payout-pro"]
            device.storeKit.purchase = .value(result)
            var request = PurchaseRequest(productID: "payout-pro")
            _ = request.handle(.buy, at: Self.now)
            let service = SystemPurchaseService()
            let event = await onMirror(device) { () async -> PurchaseRequest.Event in
                do throws(PurchaseFailure) {
                    return .purchaseReturned(try await service.purchase(productID: "payout-pro"))
                } catch { return .purchaseFailed(error) }
            }
            let actions = request.handle(event, at: Self.now)
            #expect(request.state.name == state)
            // Nothing is finished before the app delivered: the request's `deliver` action.
            #expect(device.storeKit.finishedTransactions.isEmpty)
            for case .deliver(let transactionID) in actions {
                #expect(await onMirror(device) { await service.finish(transactionID: transactionID) })
            }
            #expect(device.storeKit.finishedTransactions == (state == "purchased" ? [41] : []))
        }

        @Test("an Ask to Buy approved later arrives on Transaction.updates and completes the pending purchase")
        func askToBuyApprovedLater() async throws {
            let device = MirrorSystem()
            device.storeKit.productIDs = ["payout-pro"]
            device.storeKit.purchase = .value(.pending)
            let service = SystemPurchaseService()
            var request = PurchaseRequest(productID: "payout-pro")
            _ = request.handle(.buy, at: Self.now)
            let result = try await onMirror(device) { try await service.purchase(productID: "payout-pro") }
            _ = request.handle(.purchaseReturned(result), at: Self.now)
            #expect(request.state.name == "pendingApproval")
            await device.storeKit.transactionFeed.waitForRegistrations(1)
            #expect(device.storeKit.transactionFeed.registrations == 1)
            device.storeKit.transactionFeed.deliver(.verified(Transaction(id: 77, productID: "payout-pro")))
            var updates = service.transactionUpdates().makeAsyncIterator()
            let update = try #require(await updates.next())
            #expect(request.handle(.transactionUpdate(update), at: Self.now) == [.deliver(transactionID: "77")])
            #expect(device.storeKit.finishedTransactions.isEmpty)
            #expect(await onMirror(device) { await service.finish(transactionID: "77") })
            #expect(device.storeKit.finishedTransactions == [77])
        }

        @Test(
            "the app's own products on Transaction.updates are never finished by AgeKit, nor anything before delivery")
        func appsOwnTransactions() async throws {
            let device = MirrorSystem()
            let service = SystemPurchaseService()
            await onMirror(device) { service.startListening() }
            await device.storeKit.transactionFeed.waitForRegistrations(1)
            #expect(device.storeKit.transactionFeed.registrations == 1)
            device.storeKit.transactionFeed.deliver(.verified(Transaction(id: 5, productID: "coins-100")))
            device.storeKit.transactionFeed.deliver(.verified(Transaction(id: 6, productID: "payout-pro")))
            var updates = service.transactionUpdates().makeAsyncIterator()
            #expect(await updates.next()?.transactionID == "5")
            #expect(await updates.next()?.transactionID == "6")
            // The listener had its chance to finish them, and did not: it asks for its third.
            await device.storeKit.transactionFeed.waitForReads(3)
            #expect(device.storeKit.finishedTransactions.isEmpty)
            #expect(service.unfinishedTransactionIDs == ["5", "6"])
            // Only the app finishes, and only what the bridge handed over.
            #expect(await onMirror(device) { await service.finish(transactionID: "6") })
            #expect(!(await onMirror(device) { await service.finish(transactionID: "6") }))
            #expect(!(await onMirror(device) { await service.finish(transactionID: "404") }))
            #expect(device.storeKit.finishedTransactions == [6])
        }

        @Test("a product the store does not sell fails the purchase with a reason, and nothing is bought")
        func unknownProduct() async {
            let device = MirrorSystem()
            let failure = await onMirror(device) { () async -> PurchaseFailure? in
                do throws(PurchaseFailure) {
                    _ = try await SystemPurchaseService().purchase(productID: "nothing")
                    return nil
                } catch { return error }
            }
            #expect(failure?.reason.contains("no product 'nothing'") == true)
            #expect(!device.calls.contains(.purchase("nothing")))
        }
    }
#endif
