#if AGEKIT_APPLE_MIRROR
    import AgeSignals
    import AgeKit
    import AgeKitApple
    import AppleMirrorSystem
    @preconcurrency import AppleMirrorFoundation
    @preconcurrency import AppTrackingTransparency
    @preconcurrency import DeclaredAgeRange
    @preconcurrency import PermissionKit
    @preconcurrency import StoreKit
    @preconcurrency import UIKit
    import AgeKitSimulator
    import Foundation
    import Testing
    import VinylCrateKit

    /// VinylCrate's whole flow (the seed-000 design) through the Apple bridges, on the mirror:
    /// the same source that runs on a device, with the system scripted.
    @Suite("VinylCrate through the bridges")
    struct SeedFlowTests {
        typealias SystemRange = DeclaredAgeRange.AgeRangeService

        static func sharing(
            _ lower: Int?, _ upper: Int?, _ declaration: SystemRange.AgeRangeDeclaration, limited: Bool = false
        )
            -> SystemRange.Response
        {
            .sharing(
                range: SystemRange.AgeRange(
                    lowerBound: lower, upperBound: upper, ageRangeDeclaration: declaration,
                    activeParentalControls: limited ? .communicationLimits : []))
        }

        /// A device with the app in the foreground, on `os`, reporting `features`.
        static func device(
            os: (Int, Int), features: Set<SystemRange.RegulatoryFeature>, answer: SystemRange.Response
        )
            async -> MirrorSystem
        {
            let device = MirrorSystem(osVersion: os)
            device.declaredAgeRange.regulatoryFeatures = .value(features)
            device.declaredAgeRange.eligibility = .value(true)
            device.declaredAgeRange.ageRange = .value(answer)
            await MainActor.run { device.application.setState(.active) }
            return device
        }

        /// The app on `device` before it launches, keeping its record in `gateStore`.
        @MainActor
        static func model(
            on device: MirrorSystem, os: OSVersion, gateStore: any KeyValueStore = InMemoryKeyValueStore(),
            swiftUI: SwiftUIActions? = nil
        ) -> CrateModel {
            MirrorSystem.$current.withValue(device) {
                let simulated = SimulatedPrivacyDevice(ageSystem: SimulatedAgeSystem(persona: SandboxPersona.all[3]))
                let services = CrateServices.system(
                    launch: simulated.services, anchor: { UIViewController() }, scene: { UIWindowScene() },
                    swiftUI: swiftUI, gateStore: gateStore, ledgerStore: UbiquitousKeyValueStore())
                return CrateModel(services: services, capabilities: PlatformCapabilities(platform: .iOS, os: os))
            }
        }

        /// The app as it launches on `device`, keeping its record in `gateStore`.
        @MainActor
        static func app(
            on device: MirrorSystem, os: OSVersion, gateStore: any KeyValueStore = InMemoryKeyValueStore()
        )
            async -> CrateModel
        {
            let model = Self.model(on: device, os: os, gateStore: gateStore)
            await MirrorSystem.$current.withValue(device) {
                await model.launch()
                await model.refreshChanges()
            }
            return model
        }

        @MainActor
        static func eventually(_ condition: @MainActor () async -> Bool) async -> Bool {
            // Up to about ten seconds, however loaded the machine is.
            for _ in 0..<5_000 {
                if await condition() { return true }
                try? await Task.sleep(for: .milliseconds(2))
            }
            return false
        }

        static let appGates = MirrorSystem.Call.requestAgeRange(gates: [13, 16, 18])

        /// Every age request the app made, whatever its gates: a launch makes at most one.
        static func ageRequests(_ device: MirrorSystem) -> Int {
            device.calls.filter { if case .requestAgeRange = $0 { true } else { false } }.count
        }

        @Test(
            "a regulated 16-17 with communication limits: asked at launch, messages need a guardian, the change needs consent"
        )
        @MainActor
        func regulatedTeen() async throws {
            let device = await Self.device(
                os: (26, 4), features: [.declaredAgeRangeRequired, .significantAppChangeRequiresParentalConsent],
                answer: Self.sharing(16, 17, .guardianDeclared, limited: true))
            let app = await Self.app(on: device, os: OSVersion(26, 4))
            #expect(Self.ageRequests(device) == 1)
            #expect(app.screen(for: .collection) == .content)
            #expect(app.screen(for: .communityNotes) == .content)
            #expect(app.screen(for: .marketplaceMessages) == .askGuardian)
            #expect(app.screen(for: .sellerPayouts) == .tooYoung)
            // The privacy sequence ran after the age step: 16 is the threshold, so the
            // tracking prompt came after the consent step, once.
            #expect(app.privacy?.isDone == true)
            #expect(device.tracking.promptsShown == 1)
            // The significant change went to the guardian with its description.
            #expect(device.calls.contains(.ask(topic: CrateCatalog.sellerChat.description)))
            #expect(app.blockedChanges.map(\.id) == ["seller-chat"])
            let question = try #require(device.permissionKit.askedQuestions.last)
            device.permissionKit.responses(SignificantAppUpdateTopic.self).deliver(question, choice: .approve)
            #expect(
                await Self.eventually {
                    await app.refreshChanges()
                    return app.blockedChanges.isEmpty
                })
            // Communication limits: the guardian question for one seller, then the answer.
            await MirrorSystem.$current.withValue(device) {
                await app.askGuardianToMessage(CommunicationContact(handle: "seller-12", displayName: "Crate Diggers"))
            }
            #expect(app.communication?.state.name == "pending")
            let asked = try #require(device.permissionKit.askedCommunicationQuestions.last)
            device.permissionKit.responses(CommunicationTopic.self).deliver(asked, choice: .approve)
            #expect(await Self.eventually { app.screen(for: .marketplaceMessages) == .content })
        }

        @Test(
            "a regulated decline: gated screens offer \"share age range\", the next launch asks again, once"
        )
        @MainActor
        func declineThenShare() async {
            let device = await Self.device(os: (26, 4), features: [.declaredAgeRangeRequired], answer: .declinedSharing)
            let store = InMemoryKeyValueStore()
            let first = await Self.app(on: device, os: OSVersion(26, 4), gateStore: store)
            #expect(first.gate.policy == .declined)
            for feature in [CrateFeature.communityNotes, .marketplaceMessages, .sellerPayouts] {
                #expect(first.screen(for: feature) == .shareAgeRange)
            }
            #expect(first.screen(for: .collection) == .content)
            // Declined means under the threshold for the privacy sequence: no tracking prompt.
            #expect(device.tracking.promptsShown == 0)
            #expect(Self.ageRequests(device) == 1)
            // Seed 000: in a regulated region the app asks at every launch, a decline included.
            let second = await Self.app(on: device, os: OSVersion(26, 4), gateStore: store)
            #expect(Self.ageRequests(device) == 2)
            #expect(second.gate.policy == .declined)
            device.declaredAgeRange.ageRange = .value(Self.sharing(18, nil, .confirmed))
            await MirrorSystem.$current.withValue(device) { await second.shareAgeRange() }
            #expect(Self.ageRequests(device) == 3)
            #expect(second.screen(for: .sellerPayouts) == .content)
        }

        @Test("a confirmed adult told of the change sees the system sheet; payouts open")
        @MainActor
        func confirmedAdult() async {
            let device = await Self.device(
                os: (26, 5), features: [.declaredAgeRangeRequired, .significantAppChangeRequiresAdultNotification],
                answer: Self.sharing(18, nil, .confirmed))
            let app = await Self.app(on: device, os: OSVersion(26, 5))
            #expect(device.calls.contains(.showSignificantUpdateAcknowledgment(CrateCatalog.sellerChat.description)))
            #expect(!device.calls.contains { if case .ask = $0 { true } else { false } })
            #expect(app.blockedChanges.isEmpty)
            #expect(app.screen(for: .sellerPayouts) == .content)
            #expect(app.screen(for: .marketplaceMessages) == .content)
        }

        @Test("with SwiftUI actions the age sheet and the adult's sheet come from the root view, once it appeared")
        @MainActor
        func swiftUIPath() async {
            let device = await Self.device(
                os: (26, 5), features: [.declaredAgeRangeRequired, .significantAppChangeRequiresAdultNotification],
                answer: Self.sharing(18, nil, .confirmed))
            let actions = SwiftUIActions()
            let app = Self.model(on: device, os: OSVersion(26, 5), swiftUI: actions)
            let launch = Task {
                await MirrorSystem.$current.withValue(device) {
                    await app.launch()
                    await app.refreshChanges()
                }
            }
            // What `.ageKitActions(_:)` on the root view does when it appears.
            try? await Task.sleep(for: .milliseconds(20))
            actions.requestAgeRange = DeclaredAgeRangeAction()
            actions.showSignificantUpdateAcknowledgment = SignificantUpdateAction()
            await launch.value
            #expect(device.calls.filter { $0 == Self.appGates }.count == 1)
            #expect(device.calls.contains(.showSignificantUpdateAcknowledgment(CrateCatalog.sellerChat.description)))
            #expect(app.blockedChanges.isEmpty)
            #expect(app.screen(for: .sellerPayouts) == .content)
        }

        @Test(
            "the app's notice is acknowledged only by the person's tap: shown, closed or not, the change stays blocked")
        @MainActor
        func noticeNeedsTheTap() async {
            // An adult who only declared their age, where the law asks for parental consent:
            // routed to the app's own notice (not the system sheet, which adult notification needs).
            let device = await Self.device(
                os: (26, 4), features: [.declaredAgeRangeRequired, .significantAppChangeRequiresParentalConsent],
                answer: Self.sharing(18, nil, .selfDeclared))
            let app = Self.model(on: device, os: OSVersion(26, 4))
            let launch = Task { await MirrorSystem.$current.withValue(device) { await app.launch() } }
            #expect(await Self.eventually { app.notice == CrateCatalog.sellerChat.description })
            await app.refreshChanges()
            // On screen and not tapped yet: not acknowledged, still blocked.
            #expect(app.blockedChanges.map(\.id) == ["seller-chat"])
            #expect(app.screen(for: .marketplaceMessages) == .waitingForConsent(changeID: "seller-chat"))
            app.dismissNotice()
            await launch.value
            await app.refreshChanges()
            #expect(app.notice == nil)
            #expect(app.blockedChanges.map(\.id) == ["seller-chat"])
            #expect(!app.changeActions.contains { if case .record = $0 { true } else { false } })
            // Shown again on retry; the person's tap acknowledges it.
            let retry = Task { await app.changeDriver?.send(.retry(changeID: "seller-chat")) }
            #expect(await Self.eventually { app.notice != nil })
            app.acknowledgeNotice()
            await retry.value
            await app.refreshChanges()
            #expect(app.blockedChanges.isEmpty)
            #expect(app.screen(for: .marketplaceMessages) == .content)
        }

        @Test(
            "a person whose first install already had the change is never asked; the sandbox's 1.0 exempts nobody",
            arguments: [("2.0", false), ("1.0", true), ("1.4", true)])
        @MainActor
        func originalInstall(version: String, asked: Bool) async {
            let device = await Self.device(
                os: (26, 4), features: [.declaredAgeRangeRequired, .significantAppChangeRequiresParentalConsent],
                answer: Self.sharing(13, 15, .guardianDeclared))
            device.storeKit.appTransaction = .value(
                .verified(AppTransaction(originalAppVersion: version, appTransactionID: "9", jwsRepresentation: "j")))
            let app = await Self.app(on: device, os: OSVersion(26, 4))
            #expect(device.calls.contains(.ask(topic: CrateCatalog.sellerChat.description)) == asked)
            #expect(app.blockedChanges.isEmpty == !asked)
        }

        final class CapturingTransport: RegistrationTransport {
            let sent = Locked<[AppTransactionRegistration]>([])
            func send(_ registration: AppTransactionRegistration) async throws -> (status: Int, body: Data) {
                sent.withLock { $0.append(registration) }
                return (200, Data("{}".utf8))
            }
        }

        @Test("sign-in posts the app transaction's JWS for the account to agekit serve")
        @MainActor
        func signIn() async throws {
            let device = await Self.device(os: (26, 4), features: [], answer: .declinedSharing)
            device.storeKit.appTransaction = .value(
                .verified(
                    AppTransaction(originalAppVersion: "1.0", appTransactionID: "705", jwsRepresentation: "a.b.c")))
            let app = await Self.app(on: device, os: OSVersion(26, 4))
            let transport = CapturingTransport()
            try await MirrorSystem.$current.withValue(device) {
                try await app.signIn(
                    accountID: "collector-7",
                    link: AccountLinkTarget(
                        server: URL(string: "http://127.0.0.1:8080")!, bundleID: "com.example.vinylcrate",
                        adminToken: "local", transport: transport))
            }
            #expect(app.linkedAccount == "collector-7")
            let sent = try #require(transport.sent.withLock { $0.first })
            let body = try JSONDecoder().decode([String: String].self, from: sent.body)
            #expect(body == ["accountId": "collector-7", "signedAppTransaction": "a.b.c"])
        }
    }
#endif
