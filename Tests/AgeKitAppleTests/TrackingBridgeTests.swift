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
    import PrivacyLaunch
    import Testing

    @Suite("App Tracking Transparency bridge")
    struct TrackingBridgeTests {
        static let statusCases: [(ATTrackingManager.AuthorizationStatus, TrackingStatus)] = [
            (.notDetermined, .notDetermined), (.restricted, .restricted), (.denied, .denied),
            (.authorized, .authorized),
        ]

        @Test("each authorization status maps to the core's status of the same name", arguments: statusCases)
        func statuses(system: ATTrackingManager.AuthorizationStatus, core: TrackingStatus) async {
            let device = MirrorSystem()
            device.tracking.status = system
            #expect(await onMirror(device) { await SystemTrackingAuthorization().status() } == core)
        }

        @Test("the prompt waits until the app is active, then appears once")
        func onlyWhileActive() async {
            let device = MirrorSystem()
            let (patient, clock) = Harness.patient()
            let status = await onMirror(device) {
                let bridge = SystemTrackingAuthorization(deadlines: patient)
                let request = Task { await bridge.requestAuthorization() }
                #expect(await Harness.waitingForActivation(clock))
                #expect(device.tracking.promptsShown == 0)
                await MainActor.run { device.application.setState(.active) }
                let first = await request.value
                let second = await bridge.requestAuthorization()
                #expect(second == first)
                return first
            }
            #expect(status == .authorized)
            #expect(device.tracking.promptsShown == 1)
        }

        static func settings() -> OwnerSettings {
            OwnerSettings(hasAds: true, hasTrackingUsageDescription: true)
        }

        @Test(
            "through the launch sequence the prompt comes after the consent step, and never for a person under the threshold",
            arguments: [(17, true), (15, false), (nil, false)] as [(Int?, Bool)])
        func launchOwnsThePrompt(lowerBound: Int?, prompted: Bool) async {
            let device = MirrorSystem(osVersion: (26, 4))
            device.declaredAgeRange.regulatoryFeatures = .value([.declaredAgeRangeRequired])
            device.declaredAgeRange.ageRange = .value(Harness.sharing(lowerBound, nil, .selfDeclared))
            await MainActor.run { device.application.setState(.active) }
            let simulated = SimulatedPrivacyDevice(
                ageSystem: SimulatedAgeSystem(persona: SandboxPersona.all[3]))
            var services = simulated.services
            services.ageRange = SystemAgeRangeService(anchor: Harness.anchor)
            services.tracking = SystemTrackingAuthorization()
            let session = await onMirror(device) {
                await LaunchSession.prepare(settings: Self.settings(), os: OSVersion(26, 4), services: services)
            }
            _ = await onMirror(device) { await session.run() }
            let performed = await session.performed
            let consent = performed.firstIndex(of: .refreshConsent)
            let prompt = performed.firstIndex(of: .showTrackingPrompt)
            #expect((prompt != nil) == prompted)
            if let prompt, let consent { #expect(consent < prompt) }
            #expect(device.tracking.promptsShown == (prompted ? 1 : 0))
            #expect(device.calls.filter { $0 == .requestTrackingAuthorization }.count == (prompted ? 1 : 0))
        }
    }
#endif
