#if AGEKIT_APPLE_MIRROR
    import AgeGating
    @testable import AgeKitApple
    import AppleMirrorSystem
    @preconcurrency import DeclaredAgeRange
    @preconcurrency import PermissionKit
    @preconcurrency import UIKit
    import AgeSignals
    import Foundation
    import SignificantChanges
    import Testing

    /// Sheets find the right window, and wait for one while none is active (at launch, or just
    /// after another sheet closed) instead of failing as unavailable.
    @Suite("Where the sheets present")
    struct PresentationBridgeTests {
        static func scene() -> UIWindowScene {
            UIWindowScene(window: UIWindow(rootViewController: UIViewController()))
        }

        /// A device whose scenes are `scenes`, each set to its state.
        @MainActor
        static func device(_ scenes: [(UIWindowScene, UIScene.ActivationState)]) -> MirrorSystem {
            let device = MirrorSystem()
            device.application.scenes = scenes.map(\.0)
            for (scene, state) in scenes { scene.setActivationState(state) }
            return device
        }

        @Test("among several scenes, the sheet goes to the foreground-active one with a key window, never another")
        @MainActor
        func keyScene() {
            // connectedScenes is an unordered set: the chosen scene must not depend on its order.
            for position in 0..<8 {
                let scenes = (0..<8).map { index in
                    index == position ? Self.scene() : UIWindowScene(window: nil)
                }
                let device = Self.device(scenes.map { ($0, .foregroundActive) })
                MirrorSystem.$current.withValue(device) {
                    #expect(PresentationAnchors.foregroundScene() === scenes[position])
                }
            }
        }

        @Test("two foreground windows: no guess without the caller's scene, and the caller's scene when it names one")
        @MainActor
        func twoWindows() {
            let (left, right) = (Self.scene(), Self.scene())
            let device = Self.device([(left, .foregroundActive), (right, .foregroundActive)])
            MirrorSystem.$current.withValue(device) {
                #expect(PresentationAnchors.foregroundScene() == nil)
                #expect(PresentationAnchors.foregroundScene(preferring: right) === right)
                #expect(PresentationAnchors.foreground(in: right)() === right.keyWindow?.rootViewController)
                right.setActivationState(.foregroundInactive)
                #expect(PresentationAnchors.foreground(in: right)() == nil)
            }
        }

        @Test("the age request waits for the scene to become active, then presents once")
        func requestWaitsForActivation() async throws {
            let scene = Self.scene()
            let device = await Self.device([(scene, .foregroundInactive)])
            device.declaredAgeRange.ageRange = .value(Harness.sharing(18, nil, .selfDeclared))
            let (patient, clock) = Harness.patient()
            let response = try await onMirror(device) {
                let service = SystemAgeRangeService(deadlines: patient, anchor: PresentationAnchors.foreground)
                let request = Task { try await service.requestAgeRange(gates: Harness.gates) }
                #expect(await Harness.waitingForActivation(clock))
                #expect(device.calls.isEmpty)
                await scene.setActivationState(.foregroundActive)
                return try await request.value
            }
            #expect(response == .sharing(AgeRange(lowerBound: 18, upperBound: nil, declaration: .selfDeclared)))
            #expect(device.calls == [.requestAgeRange(gates: [13, 16, 18])])
        }

        @Test("the guardian question waits for the app to become active; none in time is a retry, not an adult")
        func questionWaitsForActivation() async throws {
            let scene = Self.scene()
            let device = await Self.device([(scene, .background)])
            let question = GuardianQuestion(
                id: "q-1", changeID: "seller-chat", description: "Adds chat with sellers",
                expiresAt: Date(timeIntervalSince1970: 2_000_000_000))
            let (patient, clock) = Harness.patient()
            let failure = await onMirror(device) {
                let center = SystemPermissionCenter(
                    store: InMemoryKeyValueStore(), deadlines: patient, anchor: PresentationAnchors.foreground)
                let ask = Task {
                    await Self.failure { () async throws(PermissionAskError) in try await center.ask(question) }
                }
                #expect(await Harness.waitingForActivation(clock))
                #expect(!device.calls.contains(.ask(topic: question.description)))
                await scene.setActivationState(.foregroundActive)
                return await ask.value
            }
            #expect(failure == nil)
            #expect(device.calls.contains(.ask(topic: question.description)))
            // With nothing to present in by the deadline the ask fails as a system error (retry
            // later), never as `notAvailable`, which would say the person is an adult.
            let never = await Self.device([(Self.scene(), .background)])
            let error = await onMirror(never) {
                let center = SystemPermissionCenter(
                    store: InMemoryKeyValueStore(), deadlines: Harness.short, anchor: PresentationAnchors.foreground)
                return await Self.failure { () async throws(PermissionAskError) in try await center.ask(question) }
            }
            #expect(error == .systemError(SystemPermissionCenter.nothingToPresentIn))
            #expect(AskErrorRule(error ?? .notAvailable) == .retryLater)
        }

        /// What an ask threw, or nil.
        static func failure(_ ask: () async throws(PermissionAskError) -> Void) async -> PermissionAskError? {
            do throws(PermissionAskError) {
                try await ask()
                return nil
            } catch { return error }
        }

        @Test("the acknowledgment sheet waits for the scene, then counts the person's acknowledgment")
        func acknowledgmentWaitsForActivation() async {
            let scene = Self.scene()
            let device = await Self.device([(scene, .foregroundInactive)])
            let (patient, clock) = Harness.patient()
            let acknowledged = await onMirror(device) {
                let presenter = SystemAcknowledgmentPresenter(
                    deadlines: patient, scene: { PresentationAnchors.foregroundScene() }, notice: { _ in false })
                let shown = Task {
                    await presenter.presentAcknowledgment(description: "Adds chat", presentation: .systemSheet)
                }
                #expect(await Harness.waitingForActivation(clock))
                #expect(device.calls.isEmpty)
                await scene.setActivationState(.foregroundActive)
                return await shown.value
            }
            #expect(acknowledged)
            #expect(device.calls == [.showSignificantUpdateAcknowledgment("Adds chat")])
        }

        @Test("SwiftUI: a service made at launch presents from the view once it installed its action")
        func swiftUIActions() async throws {
            let device = MirrorSystem()
            device.declaredAgeRange.ageRange = .value(Harness.sharing(13, 15, .guardianDeclared))
            let actions = SwiftUIActions()
            let (patient, clock) = Harness.patient()
            let response = try await onMirror(device) {
                let service = AgeRangeActionService(actions, deadlines: patient)
                let request = Task { try await service.requestAgeRange(gates: Harness.gates) }
                #expect(await Harness.waitingForActivation(clock))
                #expect(device.calls.isEmpty)
                // What `.ageKitActions(_:)` does when the view appears.
                await MainActor.run { actions.requestAgeRange = DeclaredAgeRangeAction() }
                return try await request.value
            }
            #expect(response == .sharing(AgeRange(lowerBound: 13, upperBound: 15, declaration: .guardianDeclared)))
            // No view by the deadline: unavailable, and nothing asked.
            let idle = MirrorSystem()
            await #expect(throws: AgeRangeProviderError.notAvailable) {
                try await onMirror(idle) {
                    try await AgeRangeActionService(SwiftUIActions(), deadlines: Harness.short)
                        .requestAgeRange(gates: Harness.gates)
                }
            }
            #expect(idle.calls.isEmpty)
        }

        @Test("SwiftUI: the acknowledgment sheet comes from the view's action")
        func swiftUIAcknowledgment() async {
            let device = MirrorSystem()
            let actions = SwiftUIActions()
            await MainActor.run { actions.showSignificantUpdateAcknowledgment = SignificantUpdateAction() }
            let acknowledged = await onMirror(device) {
                await SignificantUpdateActionPresenter(
                    actions, deadlines: Harness.patient().deadlines, notice: { _ in false }
                )
                .presentAcknowledgment(description: "Adds chat", presentation: .systemSheet)
            }
            #expect(acknowledged)
            #expect(device.calls == [.showSignificantUpdateAcknowledgment("Adds chat")])
        }
    }
#endif
