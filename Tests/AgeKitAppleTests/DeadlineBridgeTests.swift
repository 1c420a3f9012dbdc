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
    import PrivacyLaunch
    import SignificantChanges
    import Testing

    @Suite("Deadlines on every system call")
    struct DeadlineBridgeTests {
        /// One hung system call, and what the bridge must return once its deadline passed.
        enum HungCall: String, CaseIterable, Sendable {
            case requestAgeRange, isEligibleForAgeFeatures, requiredRegulatoryFeatures
            case acknowledgmentSheet, ask, communicationAsk, ageRatingCode, appTransaction, purchase
            case trackingPromptWhileInactive

            func hang(_ device: MirrorSystem) {
                switch self {
                case .requestAgeRange: device.declaredAgeRange.ageRange = .hang
                case .isEligibleForAgeFeatures: device.declaredAgeRange.eligibility = .hang
                case .requiredRegulatoryFeatures: device.declaredAgeRange.regulatoryFeatures = .hang
                case .acknowledgmentSheet: device.declaredAgeRange.acknowledgment = .hang
                case .ask, .communicationAsk: device.permissionKit.ask = .hang
                case .purchase:
                    device.storeKit.productIDs = ["crate-pro"]
                    device.storeKit.purchase = .hang
                case .ageRatingCode: device.storeKit.ageRatingCodeHangs = true
                case .appTransaction: device.storeKit.appTransaction = .hang
                case .trackingPromptWhileInactive: break  // the app never becomes active
                }
            }

            /// Runs the bridged call; returns what it ended with, as text.
            func run() async -> String {
                let deadlines = Harness.short
                let service = SystemAgeRangeService(deadlines: deadlines, anchor: Harness.anchor)
                switch self {
                case .requestAgeRange:
                    return await Self.describe { () async throws(AgeRangeProviderError) in
                        try await service.requestAgeRange(gates: Harness.gates)
                    }
                case .isEligibleForAgeFeatures:
                    return await Self.describe { () async throws(AgeRangeProviderError) in
                        try await service.isEligibleForAgeFeatures()
                    }
                case .requiredRegulatoryFeatures:
                    return await Self.describe { () async throws(AgeRangeProviderError) in
                        try await service.requiredRegulatoryFeatures()
                    }
                case .acknowledgmentSheet:
                    let presenter = SystemAcknowledgmentPresenter(
                        deadlines: deadlines, scene: { UIWindowScene() }, notice: { _ in true })
                    return
                        "\(await presenter.presentAcknowledgment(description: "Adds chat", presentation: .systemSheet))"
                case .ask:
                    let center = SystemPermissionCenter(
                        store: InMemoryKeyValueStore(), deadlines: deadlines, anchor: Harness.anchor)
                    let question = GuardianQuestion(
                        id: "q1", changeID: "chat", description: "Adds chat with other collectors",
                        expiresAt: Date(timeIntervalSince1970: 2_000_000_000))
                    do throws(PermissionAskError) {
                        try await center.ask(question)
                        return "sent"
                    } catch {
                        return "\(error)".hasPrefix("systemError") ? "systemError" : "\(error)"
                    }
                case .communicationAsk:
                    let center = SystemCommunicationPermissionCenter(
                        store: InMemoryKeyValueStore(), deadlines: deadlines, anchor: Harness.anchor)
                    let question = CommunicationQuestion(
                        id: "c1", feature: "messages", contacts: [CommunicationContact(handle: "seller-12")],
                        actions: [.message], expiresAt: Date(timeIntervalSince1970: 2_000_000_000))
                    do throws(PermissionAskError) {
                        return "\(try await center.ask(question))"
                    } catch {
                        return error.name
                    }
                case .purchase:
                    do throws(PurchaseFailure) {
                        return
                            "\(try await SystemPurchaseService(deadlines: deadlines).purchase(productID: "crate-pro"))"
                    } catch {
                        return error.reason.contains("did not return") ? "timed out" : error.reason
                    }
                case .ageRatingCode:
                    return "\(String(describing: await SystemRatingCodeSource(deadlines: deadlines).ageRatingCode()))"
                case .appTransaction:
                    do throws(AgeKitAppleError) {
                        _ = try await AppTransactionInfo.current(deadlines: deadlines)
                        return "value"
                    } catch {
                        return error.code.rawValue
                    }
                case .trackingPromptWhileInactive:
                    return "\(await SystemTrackingAuthorization(deadlines: deadlines).requestAuthorization())"
                }
            }

            var expected: String {
                switch self {
                case .requestAgeRange, .isEligibleForAgeFeatures, .requiredRegulatoryFeatures: "notAvailable"
                case .acknowledgmentSheet: "false"
                case .ask, .communicationAsk: "systemError"
                case .purchase: "timed out"
                case .ageRatingCode: "nil"
                case .appTransaction: "timed_out"
                case .trackingPromptWhileInactive: "notDetermined"
                }
            }

            static func describe<V>(_ call: () async throws(AgeRangeProviderError) -> V) async -> String {
                do throws(AgeRangeProviderError) {
                    return "value \(try await call())"
                } catch {
                    return error.rawValue
                }
            }
        }

        @Test(
            "a hung call ends at its deadline, and the main actor stays free meanwhile", arguments: HungCall.allCases)
        func hang(call: HungCall) async {
            let device = MirrorSystem()
            call.hang(device)
            let result = await onMirror(device) {
                let task = Task { await call.run() }
                // While the call hangs, work on the main actor still runs.
                let mainActorRan = await MainActor.run { true }
                #expect(mainActorRan)
                return await task.value
            }
            // The scripted call never returns: this result can only come from the deadline.
            #expect(result == call.expected)
            #expect(device.tracking.promptsShown == 0)
        }

        static let layering: [(OSVersion, [MirrorSystem.Call])] = [
            // The package's iOS floor: no age-assurance API below 26.0, so nothing is called
            // (the app asks "18 or older?" itself).
            (OSVersion(17, 0), []),
            // 26.0-26.1 have no region check: the launch asks (the careful side, seed 002).
            (OSVersion(26, 0), [.requestAgeRange(gates: [13, 16, 18])]),
            (OSVersion(26, 1), [.requestAgeRange(gates: [13, 16, 18])]),
            (OSVersion(26, 2), [.isEligibleForAgeFeatures]),
            (OSVersion(26, 4), [.isEligibleForAgeFeatures, .requiredRegulatoryFeatures]),
        ]

        @Test("the gate's launch check calls only what the OS version has", arguments: layering)
        func layeringOfLaunchCalls(os: OSVersion, expected: [MirrorSystem.Call]) async {
            let device = MirrorSystem(osVersion: (os.major, os.minor))
            let gate = await MainActor.run {
                AgeGate(
                    service: SystemAgeRangeService(anchor: Harness.anchor),
                    configuration: .init(
                        gates: Harness.gates, capabilities: PlatformCapabilities(platform: .iOS, os: os)),
                    store: InMemoryKeyValueStore())
            }
            _ = await onMirror(device) { await gate.launch() }
            #expect(device.calls == expected)
            #expect(device.callsOutsideVersion.isEmpty)
        }
    }
#endif
