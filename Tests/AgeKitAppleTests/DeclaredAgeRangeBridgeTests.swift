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
    import AgeKitSimulator
    import AgeSignals
    import Foundation
    import Testing

    @Suite("DeclaredAgeRange bridge")
    struct DeclaredAgeRangeBridgeTests {
        static let declarations: [(MirrorAgeRange.AgeRangeDeclaration, AgeSignals.AgeRangeDeclaration)] = [
            (.selfDeclared, .selfDeclared), (.guardianDeclared, .guardianDeclared),
            (.checkedByOtherMethod, .checkedByOtherMethod),
            (.guardianCheckedByOtherMethod, .guardianCheckedByOtherMethod),
            (.governmentIDChecked, .governmentIDChecked), (.guardianGovernmentIDChecked, .guardianGovernmentIDChecked),
            (.paymentChecked, .paymentChecked), (.guardianPaymentChecked, .guardianPaymentChecked),
            (.confirmed, .confirmed),
        ]

        @Test("every declaration case reaches the core as the case of the same name", arguments: declarations)
        func declarationCases(
            system: MirrorAgeRange.AgeRangeDeclaration, core: AgeSignals.AgeRangeDeclaration
        ) async throws {
            let device = MirrorSystem()
            device.declaredAgeRange.ageRange = .value(Harness.sharing(18, nil, system))
            let response = try await onMirror(device) {
                try await SystemAgeRangeService(anchor: Harness.anchor).requestAgeRange(gates: Harness.gates)
            }
            #expect(response == .sharing(AgeRange(lowerBound: 18, upperBound: nil, declaration: core)))
        }

        @Test(
            "a declaration or error name this build does not know keeps its name and never traps",
            arguments: ["confirmedTwice", "checkedByNewMethod", ""])
        func unknownNames(name: String) {
            #expect(AgeSignals.AgeRangeDeclaration(systemName: name) == .unknown(name))
            #expect(AgeRangeProviderError(systemName: name) == .unknown(name))
        }

        @Test("an error that is not DeclaredAgeRange's keeps its description")
        func foreignError() {
            #expect(AgeRangeProviderError(system: MirrorError.systemFailure) == .unknown("systemFailure"))
        }

        static let versions = [
            OSVersion(26, 0), OSVersion(26, 2), OSVersion(26, 4), OSVersion(26, 5), OSVersion(27, 0),
        ]

        static func systemError(_ error: AgeRangeProviderError) -> MirrorAgeRange.Error {
            switch error {
            case .notAvailable: .notAvailable
            case .invalidRequest: .invalidRequest
            case .declinedOnboarding: .declinedOnboarding
            case .invalidAccount: .invalidAccount
            default: .network
            }
        }

        @Test(
            "each error each OS version can throw maps to the core's case, and the gate applies its rule",
            arguments: versions)
        func errorsPerVersion(os: OSVersion) async {
            let errors = PlatformCapabilities(platform: .iOS, os: os).errorCases
            #expect(errors.count == (os >= OSVersion(27, 0) ? 5 : 2))
            for error in errors {
                let device = MirrorSystem(osVersion: (os.major, os.minor))
                device.declaredAgeRange.ageRange = .error(Self.systemError(error))
                let mapped = await onMirror(device) { () async -> AgeRangeProviderError? in
                    do throws(AgeRangeProviderError) {
                        _ = try await SystemAgeRangeService(anchor: Harness.anchor).requestAgeRange(
                            gates: Harness.gates)
                        return nil
                    } catch { return error }
                }
                #expect(mapped == error)
                let store = InMemoryKeyValueStore()
                let gate = await MainActor.run {
                    AgeGate(
                        service: SystemAgeRangeService(anchor: Harness.anchor),
                        configuration: .init(
                            gates: Harness.gates, capabilities: PlatformCapabilities(platform: .iOS, os: os),
                            onProgrammerError: { _ in }),
                        store: store)
                }
                let policy = await onMirror(device) { await gate.request(.personTapped) }
                #expect(policy == ErrorRule(error).policy(after: .notAsked), "\(error) on \(os)")
            }
        }

        @Test(
            "requestAgeRange's notAvailable is unavailable for this launch: nothing stored, features closed, the simulator agrees"
        )
        func notAvailableIsUnavailable() async throws {
            let device = MirrorSystem()
            device.declaredAgeRange.ageRange = .error(MirrorAgeRange.Error.notAvailable)
            device.declaredAgeRange.eligibility = .error(MirrorAgeRange.Error.notAvailable)
            let service = SystemAgeRangeService(anchor: Harness.anchor)
            for call in ["requestAgeRange", "isEligibleForAgeFeatures"] {
                let error = await onMirror(device) { () async -> AgeRangeProviderError? in
                    do throws(AgeRangeProviderError) {
                        if call == "requestAgeRange" {
                            _ = try await service.requestAgeRange(gates: Harness.gates)
                        } else {
                            _ = try await service.isEligibleForAgeFeatures()
                        }
                        return nil
                    } catch { return error }
                }
                #expect(error == .notAvailable, "\(call)")
            }
            // Through the gate: the bridge and the simulator's notAvailable fault end the same
            // way, unavailable with nothing stored, so the next launch asks again.
            let capabilities = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4))
            let simulated = SimulatedAgeSystem(
                persona: SandboxPersona.all[3], capabilities: capabilities,
                faults: SimulatorFaults(request: .error(.notAvailable)))
            var outcomes: [AgePolicy] = []
            for system in [service as any AgeSignals.AgeRangeProvider, simulated] {
                let store = InMemoryKeyValueStore()
                let gate = await MainActor.run {
                    AgeGate(
                        service: system, configuration: .init(gates: Harness.gates, capabilities: capabilities),
                        store: store)
                }
                let policy = await onMirror(device) { await gate.request(.personTapped) }
                outcomes.append(policy)
                #expect(store.string(forKey: AgeRecord.key) == nil)
                let decision = await MainActor.run { gate.decision(for: FeatureRequirement(minimumAge: 13)) }
                #expect(!decision.isAllowed)
            }
            #expect(outcomes == [.unavailable, .unavailable])
        }

        static let features: [(MirrorAgeRange.RegulatoryFeature, RegulatoryFeature)] = [
            (.declaredAgeRangeRequired, .declaredAgeRangeRequired),
            (.significantAppChangeRequiresAdultNotification, .significantAppChangeRequiresAdultNotification),
            (.significantAppChangeRequiresParentalConsent, .significantAppChangeRequiresParentalConsent),
        ]

        @Test("every regulatory feature reaches the core as the case of the same name", arguments: features)
        func regulatoryFeatures(system: MirrorAgeRange.RegulatoryFeature, core: RegulatoryFeature) async throws {
            let device = MirrorSystem()
            device.declaredAgeRange.regulatoryFeatures = .value([system])
            let features = try await onMirror(device) {
                try await SystemAgeRangeService(anchor: Harness.anchor).requiredRegulatoryFeatures()
            }
            #expect(features == [core])
        }

        @Test("communication limits pass through; the deprecated approval flag is never read")
        func parentalControls() async throws {
            let device = MirrorSystem()
            device.declaredAgeRange.ageRange = .value(
                .sharing(
                    range: MirrorAgeRange.AgeRange(
                        lowerBound: 16, upperBound: 17, ageRangeDeclaration: .guardianDeclared,
                        activeParentalControls: [.communicationLimits, .significantAppChangeApprovalRequired])))
            let response = try await onMirror(device) {
                try await SystemAgeRangeService(anchor: Harness.anchor).requestAgeRange(gates: Harness.gates)
            }
            #expect(
                response
                    == .sharing(
                        AgeRange(
                            lowerBound: 16, upperBound: 17, declaration: .guardianDeclared,
                            parentalControls: .communicationLimits)))
            #expect(device.calls == [.requestAgeRange(gates: [13, 16, 18])])
        }

        @Test("a decline is a decline, and no anchor by the activation deadline means unavailable without asking")
        func declineAndNoAnchor() async throws {
            let device = MirrorSystem()
            let declined = try await onMirror(device) {
                try await SystemAgeRangeService(anchor: Harness.anchor).requestAgeRange(gates: Harness.gates)
            }
            #expect(declined == .declinedSharing)
            await #expect(throws: AgeRangeProviderError.notAvailable) {
                try await onMirror(device) {
                    try await SystemAgeRangeService(deadlines: Harness.short, anchor: { nil })
                        .requestAgeRange(gates: Harness.gates)
                }
            }
            #expect(device.calls.count == 1)
        }

        @Test("the SwiftUI action maps the same way as the service")
        func action() async throws {
            let device = MirrorSystem()
            device.declaredAgeRange.ageRange = .value(Harness.sharing(nil, 12, .guardianDeclared))
            let response = try await onMirror(device) {
                let service = await AgeRangeActionService(DeclaredAgeRangeAction())
                return try await service.requestAgeRange(gates: Harness.gates)
            }
            #expect(response == .sharing(AgeRange(lowerBound: nil, upperBound: 12, declaration: .guardianDeclared)))
        }
    }
#endif
