#if AGEKIT_APPLE_MIRROR
    import AgeGating
    import AgeKitSimulator
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

    @Suite("PermissionKit bridge", .timeLimit(.minutes(1)))
    struct PermissionKitBridgeTests {
        static let t0 = Date(timeIntervalSince1970: 1_781_773_200)

        static let chat = try! SignificantChange(
            id: "seller-chat", introducedIn: AppVersion(2, 0),
            description: "Adds chat with sellers in the marketplace", scope: .features(["marketplace-messages"]))

        /// A driver whose every action goes to `onAction` (a test waits on them).
        static func driver(
            center: SystemPermissionCenter, store: any SyncedKeyValueStore = InMemorySyncedStore(),
            onAction: @escaping @Sendable (SignificantChangeFlow.Action) -> Void = { _ in }
        )
            -> SignificantChangeDriver
        {
            SignificantChangeDriver(
                flow: SignificantChangeFlow(
                    catalog: try! ChangeCatalog(changes: [chat]), originalVersion: AppVersion(1, 0),
                    router: ConsentRouter(capabilities: PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4)))),
                services: .init(
                    permissionCenter: center,
                    acknowledgments: SystemAcknowledgmentPresenter(scene: { UIWindowScene() }, notice: { _ in true }),
                    ratingCodes: SystemRatingCodeSource(), ledger: AcknowledgmentLedger(store: store, personID: "kid"),
                    clock: SimulatedClock(start: t0)),
                onAction: onAction)
        }

        static let parental: Set<RegulatoryFeature> = [
            .declaredAgeRangeRequired, .significantAppChangeRequiresParentalConsent,
        ]

        @Test("the question reaches the system with the change's description, and its answer unblocks")
        func askAndAnswer() async {
            let device = MirrorSystem()
            let keys = InMemoryKeyValueStore()
            await onMirror(device) {
                let center = SystemPermissionCenter(store: keys, anchor: Harness.anchor)
                center.startListening()
                let (actions, report) = AsyncStream.makeStream(of: SignificantChangeFlow.Action.self)
                let driver = Self.driver(center: center, onAction: { report.yield($0) })
                await driver.start(subject: .minor, features: Self.parental)
                #expect(device.calls.contains(.ask(topic: Self.chat.description)))
                #expect(await driver.flow.blockedScope == .features(["marketplace-messages"]))
                // The guardian answers the question the system holds.
                let feed = device.permissionKit.responses(SignificantAppUpdateTopic.self)
                let question = try! #require(device.permissionKit.askedQuestions.last)
                #expect(question.expirationDate != nil)
                feed.deliver(question, choice: .decline)
                #expect(
                    await Harness.eventually(after: actions) {
                        await driver.flow.progress("seller-chat")?.request?.state.name == "denied"
                    })
                feed.deliver(question, choice: .approve)
                #expect(
                    await Harness.eventually(after: actions) {
                        await driver.flow.progress("seller-chat")?.status == .approved
                    })
                #expect(await driver.flow.blockedScope == nil)
                await driver.stop()
            }
        }

        @Test("the listener started at launch delivers an approval that arrives while nothing is asking")
        func approvalWhileNotAsking() async {
            let device = MirrorSystem()
            let keys = InMemoryKeyValueStore()
            let ledger = InMemorySyncedStore()
            // The first launch asked, then the app was closed.
            await onMirror(device) {
                let center = SystemPermissionCenter(store: keys, anchor: Harness.anchor)
                center.startListening()
                let driver = Self.driver(center: center, store: ledger)
                await driver.start(subject: .minor, features: Self.parental)
                await driver.stop()
            }
            let question = try! #require(device.permissionKit.askedQuestions.last)
            // The next launch registers at once; the answer arrives before the flow listens.
            await onMirror(device) {
                let center = SystemPermissionCenter(store: keys, anchor: Harness.anchor)
                center.startListening()
                await device.permissionKit.responses(SignificantAppUpdateTopic.self).waitForRegistrations(2)
                #expect(device.permissionKit.responses(SignificantAppUpdateTopic.self).registrations == 2)
                device.permissionKit.responses(SignificantAppUpdateTopic.self).deliver(question, choice: .approve)
                let responses = center.responses()
                var iterator = responses.makeAsyncIterator()
                let response = await iterator.next()
                #expect(response?.approved == true)
                #expect(response?.questionID.isEmpty == false)
            }
        }

        @Test("startListening registers once however often it is called")
        func listensOnce() async {
            let device = MirrorSystem()
            await onMirror(device) {
                let center = SystemPermissionCenter(store: InMemoryKeyValueStore(), anchor: Harness.anchor)
                for _ in 0..<3 { center.startListening() }
            }
            await device.permissionKit.responses(SignificantAppUpdateTopic.self).waitForRegistrations(1)
            #expect(device.permissionKit.responses(SignificantAppUpdateTopic.self).registrations == 1)
            #expect(device.calls.filter { $0 == .responses }.count == 1)
        }

        static let askErrors: [(AskError, PermissionAskError)] = [
            (.notAvailable, .notAvailable), (.invalidQuestion, .invalidQuestion),
            (.systemError(underlyingError: MirrorError.systemFailure), .systemError("systemFailure")),
            (.unknown, .unknown("unknown")),
            (.communicationLimitsNotEnabled, .communicationLimitsNotEnabled),
            (.contactSyncNotSetup, .contactSyncNotSetup),
        ]

        @Test("every AskError maps; notAvailable (asking for an adult) routes the adult path", arguments: askErrors)
        func askErrorMapping(system: AskError, core: PermissionAskError) async {
            #expect(PermissionAskError.knownCases.contains { $0.name == core.name })
            let device = MirrorSystem()
            device.permissionKit.ask = .error(system)
            let thrown: PermissionAskError? = await onMirror(device) {
                let center = SystemPermissionCenter(store: InMemoryKeyValueStore(), anchor: Harness.anchor)
                do throws(PermissionAskError) {
                    try await center.ask(
                        GuardianQuestion(
                            id: "q", changeID: "seller-chat", description: Self.chat.description,
                            expiresAt: Self.t0))
                    return nil
                } catch { return error }
            }
            #expect(thrown == core)
        }

        static let flowResults: [(PermissionResult, String)] = [
            (.askToApprove(didSend: true), "pending"), (.askToApprove(didSend: false), "notAsked"),
            (.cancel, "notAsked"), (.approveInPerson(approved: true), "approved"),
            (.approveInPerson(approved: false), "denied"),
        ]

        @Test(
            "27.0: each PermissionResult of the permission flow reaches the request state machine",
            arguments: flowResults)
        func permissionFlow(result: PermissionResult, state: String) async {
            let device = MirrorSystem(osVersion: (27, 0))
            device.permissionKit.significantChangePermission = .value(result)
            await onMirror(device) {
                let center = SystemPermissionCenter(
                    store: InMemoryKeyValueStore(), flow: .acknowledgmentAlert, anchor: Harness.anchor)
                let (actions, report) = AsyncStream.makeStream(of: SignificantChangeFlow.Action.self)
                let driver = Self.driver(center: center, onAction: { report.yield($0) })
                await driver.start(subject: .minor, features: Self.parental)
                #expect(
                    device.calls.contains(
                        .askSignificantChangePermission(Self.chat.description, flow: "acknowledgmentAlert")))
                #expect(
                    await Harness.eventually(after: actions) {
                        let progress = await driver.flow.progress("seller-chat")
                        if progress?.status == .approved { return state == "approved" }
                        return (progress?.request?.state.name ?? "notAsked") == state
                    })
                await driver.stop()
            }
        }

        @Test("Mac Catalyst's button gets the center's one system question, and the guardian's answer takes it off")
        func offeredOnTheButton() async {
            let device = MirrorSystem()
            let question = GuardianQuestion(
                id: "seller-chat#1", changeID: "seller-chat", description: Self.chat.description,
                expiresAt: Date(timeIntervalSince1970: 2_000_000_000))
            await onMirror(device) {
                let center = SystemPermissionCenter(store: InMemoryKeyValueStore(), anchor: Harness.anchor)
                center.startListening()
                // What asking does on Mac Catalyst: the question the button will send, offered.
                let system = center.systemQuestion(for: question)
                center.offer(question)
                #expect(center.offeredQuestions == [question])
                #expect(device.calls.filter { if case .ask = $0 { true } else { false } }.isEmpty)
                let feed = device.permissionKit.responses(SignificantAppUpdateTopic.self)
                await feed.waitForRegistrations(1)
                #expect(feed.registrations == 1)
                var responses = center.responses().makeAsyncIterator()
                feed.deliver(system, choice: .approve)
                #expect(await responses.next() == GuardianResponse(questionID: question.id, approved: true))
                #expect(center.offeredQuestions.isEmpty)
            }
        }
    }
#endif
