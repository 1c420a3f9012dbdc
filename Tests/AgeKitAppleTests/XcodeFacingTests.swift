#if AGEKIT_APPLE_MIRROR
    import AgeGating
    @testable import AgeKitApple
    import AppleMirrorSystem
    @preconcurrency import PermissionKit
    import PrivacyLaunch
    import SignificantChanges
    @preconcurrency import StoreKit
    @preconcurrency import UIKit
    import AgeSignals
    import Foundation
    import Testing

    /// What changed so that the bridges behave in an app as they do here: one system question
    /// per request, sheets over what is on screen, unknown cases by name.
    @Suite("Bridges in an app")
    struct XcodeFacingTests {
        static let request = GuardianQuestion(
            id: "q-1", changeID: "seller-chat", description: "Adds chat with sellers",
            expiresAt: Date(timeIntervalSince1970: 1_781_859_600))

        @Test("a view re-created 300 times asks about one system question, and its answer still finds the request")
        func oneQuestionPerRequest() async {
            let device = MirrorSystem()
            let keys = InMemoryKeyValueStore()
            await onMirror(device) {
                let center = SystemPermissionCenter(store: keys, anchor: Harness.anchor)
                center.startListening()
                let responses = center.responses()
                // What GuardianQuestionButton.init does each time SwiftUI re-creates it.
                let first = center.systemQuestion(for: Self.request)
                for _ in 0..<300 { _ = center.systemQuestion(for: Self.request) }
                #expect(center.systemQuestion(for: Self.request) === first)
                #expect(keys.string(forKey: QuestionMap.significantUpdateKey)?.split(separator: "\n").count == 1)
                // Asking hands the system the same question.
                try? await center.ask(Self.request)
                #expect(device.permissionKit.askedQuestions.last === first)
                device.permissionKit.responses(SignificantAppUpdateTopic.self).deliver(first, choice: .approve)
                var iterator = responses.makeAsyncIterator()
                let answer = await iterator.next()
                #expect(answer == GuardianResponse(questionID: "q-1", approved: true))
            }
        }

        @Test("the sheet presents over the top of what the key window presents, not under a sheet already up")
        @MainActor
        func topmostAnchor() async {
            let device = MirrorSystem()
            await onMirror(device) {
                let scene = try! #require(PresentationAnchors.foregroundScene())
                let root = try! #require(scene.keyWindow?.rootViewController)
                #expect(PresentationAnchors.foreground() === root)
                let sheet = UIViewController()
                let alert = UIViewController()
                root.present(sheet, animated: false)
                sheet.present(alert, animated: false)
                #expect(PresentationAnchors.foreground() === alert)
                #expect(PresentationAnchors.topmost(above: nil) == nil)
            }
        }

        @Test("a tracking status added after this build keeps its name, and the launch treats it as restricted")
        func unknownTrackingStatus() throws {
            let status = TrackingStatus(rawValue: "provisional")
            #expect(status == .unknown("provisional"))
            #expect(status.rawValue == "provisional")
            #expect(!TrackingStatus.allCases.contains(status))
            let decision = TrackingStep.decide(
                answer: .over, consent: .noFormRequired, hasAds: true, hasTrackingUsageDescription: true, status: status
            )
            #expect(decision == .skip(.restricted))
            let encoded = try JSONEncoder().encode([status])
            #expect(String(decoding: encoded, as: UTF8.self) == #"["provisional"]"#)
            #expect(try JSONDecoder().decode([TrackingStatus].self, from: encoded) == [status])
        }

        @Test("a purchase result added after this build keeps its name and delivers nothing")
        func unknownPurchaseResult() {
            var request = PurchaseRequest(productID: "payout-pro")
            let now = Date(timeIntervalSince1970: 1_781_773_200)
            _ = request.handle(.buy, at: now)
            let actions = request.handle(.purchaseReturned(.unknown("deferredByParent")), at: now)
            #expect(request.state.name == "failed")
            #expect(!request.isPurchased)
            guard case .showFailed(let reason)? = actions.first else {
                Issue.record("expected showFailed, got \(actions)")
                return
            }
            #expect(reason.contains("deferredByParent"))
        }

        @Test("a 27.0 permission result added after this build fails the ask by its name")
        func unknownPermissionResult() async {
            let device = MirrorSystem(osVersion: (27, 0))
            device.permissionKit.significantChangePermission = .value(.cancel)
            let center = SystemPermissionCenter(
                store: InMemoryKeyValueStore(), flow: .askToApprove, anchor: Harness.anchor)
            let error = await onMirror(device) { () async -> PermissionAskError? in
                do throws(PermissionAskError) {
                    try await center.ask(Self.request)
                    return nil
                } catch { return error }
            }
            #expect(error == .unknown(SystemPermissionCenter.cancelledBeforeSending))
            #expect(GuardianAskResult.unknown("laterCase") != .cancelled)
        }
    }
#endif
