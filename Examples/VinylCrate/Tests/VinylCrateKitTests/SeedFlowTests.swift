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
    @Suite("VinylCrate through the bridges", .timeLimit(.minutes(1)))
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

        /// The app on `device` before it launches, keeping its record in `gateStore`: the
        /// system's services as `AgeAssurance.Services.system()` makes them on a device (the
        /// bridges from `SystemServices`, the original version from `AppTransaction`), with the
        /// simulator's consent SDK and ads and no storefront rule. `reads` counts each time the
        /// app asks for its next guardian answer.
        @MainActor
        static func model(
            on device: MirrorSystem, os: OSVersion, gateStore: any KeyValueStore = InMemoryKeyValueStore(),
            swiftUI: SwiftUIActions? = nil, deadlines: BridgeDeadlines = BridgeDeadlines(), reads: MirrorTally? = nil
        ) -> AgeAssurance {
            MirrorSystem.$current.withValue(device) {
                let notices = NoticeBoard()
                let system = SystemServices(
                    swiftUI: swiftUI, anchor: { UIViewController() }, scene: { UIWindowScene() },
                    notice: { await notices.show($0) }, store: gateStore, ledgerStore: UbiquitousKeyValueStore(),
                    deadlines: deadlines)
                var launch = SimulatedPrivacyDevice(ageSystem: SimulatedAgeSystem(persona: SandboxPersona.all[3]))
                    .services
                launch.tracking = system.tracking
                let services = AgeAssurance.Services(
                    ageRange: system.ageRange,
                    permissions: reads.map { CountedAnswers(system.permissions, reads: $0) } ?? system.permissions,
                    communication: system.communication,
                    acknowledgments: system.acknowledgments, ratingCodes: system.ratingCodes, store: system.store,
                    ledgerStore: system.ledgerStore, launch: launch,
                    originalVersion: { try? await AppTransactionInfo.current().originalVersion }, notices: notices)
                return AgeAssurance(
                    configuration: Crate.configuration(PlatformCapabilities(platform: .iOS, os: os)), services: services
                )
            }
        }

        /// The app as it launches on `device`, keeping its record in `gateStore`.
        @MainActor
        static func app(
            on device: MirrorSystem, os: OSVersion, gateStore: any KeyValueStore = InMemoryKeyValueStore(),
            reads: MirrorTally? = nil
        )
            async -> AgeAssurance
        {
            let model = Self.model(on: device, os: os, gateStore: gateStore, reads: reads)
            await MirrorSystem.$current.withValue(device) { await model.start() }
            return model
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
            #expect(app.status(of: "collection").isOpen)
            #expect(app.status(of: "notes").isOpen)
            #expect(app.status(of: "messages").nextStep == .askGuardian)
            #expect(app.status(of: "payouts").nextStep == .tooYoung)
            // The privacy sequence ran after the age step: 16 is the threshold, so the
            // tracking prompt came after the consent step, once.
            #expect(app.launch?.isDone == true)
            #expect(device.tracking.promptsShown == 1)
            // The significant change went to the guardian with its description.
            #expect(device.calls.contains(.ask(topic: Crate.sellerChat.description)))
            #expect(app.blockedChanges.map(\.id) == ["seller-chat"])
            let question = try #require(device.permissionKit.askedQuestions.last)
            device.permissionKit.responses(SignificantAppUpdateTopic.self).deliver(question, choice: .approve)
            #expect(await Observed.eventually { app.blockedChanges.isEmpty })
            // Communication limits: the guardian question for one seller, then the answer.
            await MirrorSystem.$current.withValue(device) {
                await app.askGuardian(
                    for: "messages", contacts: [CommunicationContact(handle: "seller-12", displayName: "Crate Diggers")]
                )
            }
            #expect(app.communication["messages"]?.state.name == "pending")
            let asked = try #require(device.permissionKit.askedCommunicationQuestions.last)
            device.permissionKit.responses(CommunicationTopic.self).deliver(asked, choice: .approve)
            #expect(await Observed.eventually { app.status(of: "messages").isOpen })
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
            for feature in ["notes", "messages", "payouts"] {
                #expect(first.status(of: feature).nextStep == .shareAgeRange)
            }
            #expect(first.status(of: "collection").isOpen)
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
            #expect(second.status(of: "payouts").isOpen)
        }

        @Test("a confirmed adult told of the change sees the system sheet; payouts open")
        @MainActor
        func confirmedAdult() async {
            let device = await Self.device(
                os: (26, 5), features: [.declaredAgeRangeRequired, .significantAppChangeRequiresAdultNotification],
                answer: Self.sharing(18, nil, .confirmed))
            let app = await Self.app(on: device, os: OSVersion(26, 5))
            #expect(device.calls.contains(.showSignificantUpdateAcknowledgment(Crate.sellerChat.description)))
            #expect(!device.calls.contains { if case .ask = $0 { true } else { false } })
            #expect(app.blockedChanges.isEmpty)
            #expect(app.status(of: "payouts").isOpen)
            #expect(app.status(of: "messages").isOpen)
        }

        @Test("with SwiftUI actions the age sheet and the adult's sheet come from the root view, once it appeared")
        @MainActor
        func swiftUIPath() async {
            let device = await Self.device(
                os: (26, 5), features: [.declaredAgeRangeRequired, .significantAppChangeRequiresAdultNotification],
                answer: Self.sharing(18, nil, .confirmed))
            let actions = SwiftUIActions()
            // A clock only the test moves: the age sheet's wait for the root view sleeps on it
            // until the default activation deadline, and nothing else sleeps that long.
            let clock = SimulatedClock()
            let deadlines = BridgeDeadlines(clock: clock)
            let app = Self.model(on: device, os: OSVersion(26, 5), swiftUI: actions, deadlines: deadlines)
            let launch = Task { await MirrorSystem.$current.withValue(device) { await app.start() } }
            // The launch asked for the age before the root view appeared: it waits for the view.
            let waiting = await clock.waitForSleeper(
                until: clock.now.addingTimeInterval(Double(deadlines.activation.components.seconds)))
            #expect(waiting, "nothing waits for the root view")
            #expect(Self.ageRequests(device) == 0, "the age sheet did not wait for the root view")
            // What `.ageKitActions(_:)` on the root view does when it appears.
            actions.requestAgeRange = DeclaredAgeRangeAction()
            actions.showSignificantUpdateAcknowledgment = SignificantUpdateAction()
            await launch.value
            #expect(device.calls.filter { $0 == Self.appGates }.count == 1)
            #expect(device.calls.contains(.showSignificantUpdateAcknowledgment(Crate.sellerChat.description)))
            #expect(app.blockedChanges.isEmpty)
            #expect(app.status(of: "payouts").isOpen)
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
            let launch = Task { await MirrorSystem.$current.withValue(device) { await app.start() } }
            #expect(await Observed.eventually { app.notice == Crate.sellerChat.description })
            await app.refresh()
            // On screen and not tapped yet: not acknowledged, still blocked.
            #expect(app.blockedChanges.map(\.id) == ["seller-chat"])
            #expect(app.status(of: "messages").nextStep == .waitForChange)
            #expect(app.status(of: "messages").blockingChange == "seller-chat")
            app.dismissNotice()
            await launch.value
            await app.refresh()
            #expect(app.notice == nil)
            #expect(app.blockedChanges.map(\.id) == ["seller-chat"])
            // Shown again on retry; the person's tap acknowledges it.
            let retry = Task { await app.retry("seller-chat") }
            #expect(await Observed.eventually { app.notice != nil })
            app.acknowledgeNotice()
            await retry.value
            #expect(app.blockedChanges.isEmpty)
            #expect(app.status(of: "messages").isOpen)
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
            #expect(device.calls.contains(.ask(topic: Crate.sellerChat.description)) == asked)
            #expect(app.blockedChanges.isEmpty == !asked)
        }

        final class CapturingTransport: RegistrationTransport {
            let status: Int
            let sent = Locked<[AppTransactionRegistration]>([])
            init(status: Int = 200) { self.status = status }
            func send(_ registration: AppTransactionRegistration) async throws -> (status: Int, body: Data) {
                sent.withLock { $0.append(registration) }
                return (status, Data("{}".utf8))
            }
        }

        static let localServer = ["AGEKIT_SERVER": "http://127.0.0.1:8080", "AGEKIT_ADMIN_TOKEN": "local"]

        @Test("sign-in posts the app transaction's JWS for the account to agekit serve; a refusal is an error")
        @MainActor
        func signIn() async throws {
            let device = await Self.device(os: (26, 4), features: [], answer: .declinedSharing)
            device.storeKit.appTransaction = .value(
                .verified(
                    AppTransaction(originalAppVersion: "1.0", appTransactionID: "705", jwsRepresentation: "a.b.c")))
            let transport = CapturingTransport()
            try await MirrorSystem.$current.withValue(device) {
                try await Crate.signIn(
                    accountID: "collector-7", environment: Self.localServer, bundleID: nil, via: transport)
            }
            let sent = try #require(transport.sent.withLock { $0.first })
            #expect(sent.url.absoluteString == "http://127.0.0.1:8080/v1/apps/com.example.vinylcrate/app-transactions")
            #expect(sent.headers["Authorization"] == "Bearer local")
            let body = try JSONDecoder().decode([String: String].self, from: sent.body)
            #expect(body == ["accountId": "collector-7", "signedAppTransaction": "a.b.c"])
            let refusing = CapturingTransport(status: 401)
            await #expect(throws: AgeKitAppleError.self) {
                try await MirrorSystem.$current.withValue(device) {
                    try await Crate.signIn(
                        accountID: "collector-7", environment: Self.localServer, bundleID: nil, via: refusing)
                }
            }
        }

        @Test("a guardian's approval of the change, rescinded later in PermissionKit: messages stay open")
        @MainActor
        func rescindedApproval() async throws {
            let device = await Self.device(
                os: (26, 4), features: [.declaredAgeRangeRequired, .significantAppChangeRequiresParentalConsent],
                answer: Self.sharing(16, 17, .guardianDeclared))
            let reads = MirrorTally()
            let app = await Self.app(on: device, os: OSVersion(26, 4), reads: reads)
            #expect(Self.ageRequests(device) == 1)
            #expect(app.status(of: "messages").nextStep == .waitForChange)
            let question = try #require(device.permissionKit.askedQuestions.last)
            let feed = device.permissionKit.responses(SignificantAppUpdateTopic.self)
            feed.deliver(question, choice: .approve)
            #expect(await Observed.eventually { app.status(of: "messages").isOpen })
            // A withdrawal reaches the server as RESCIND_CONSENT, never the app: a later
            // decline of the same question does not close what the approval opened.
            feed.deliver(question, choice: .decline)
            // The app's listener asks for its next answer only once it handled the one before:
            // its first ask, then one after the approval and one after the decline.
            await reads.wait(for: 3)
            await MirrorSystem.$current.withValue(device) { await app.refresh() }
            #expect(app.blockedChanges.isEmpty)
            #expect(app.status(of: "messages").isOpen)
        }
    }

    /// The bridge's guardian answers, counting each time the app asks for the next one.
    final class CountedAnswers: PermissionCenter {
        private let base: any PermissionCenter
        private let reads: MirrorTally

        init(_ base: any PermissionCenter, reads: MirrorTally) {
            self.base = base
            self.reads = reads
        }

        func ask(_ question: GuardianQuestion) async throws(PermissionAskError) { try await base.ask(question) }
        func startListening() { base.startListening() }

        func responses() -> AsyncStream<GuardianResponse> {
            let answers = Answers(base.responses())
            return AsyncStream(unfolding: { [reads] in
                reads.add()
                return await answers.next()
            })
        }

        /// The base sequence's iterator, read by one listener at a time.
        private final class Answers: @unchecked Sendable {
            private var iterator: AsyncStream<GuardianResponse>.Iterator
            init(_ stream: AsyncStream<GuardianResponse>) { iterator = stream.makeAsyncIterator() }
            func next() async -> GuardianResponse? { await iterator.next() }
        }
    }
#endif
