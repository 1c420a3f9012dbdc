import AppleMirrorSystem
import Foundation

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

// DeclaredAgeRange, as far as AgeKit uses it. Built in Swift 5 mode like Apple's module, and
// like it nothing here claims `Sendable`: the bridges must cope exactly as on a device.

/// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
@available(visionOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct AgeRangeService {
    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/shared
    public static let shared = AgeRangeService()

    init() {}

    #if canImport(UIKit)
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/requestagerange(agegates:_:_:in:)-2go8c
        @available(iOS 26.0, macCatalyst 26.0, *)
        @available(macOS, unavailable)
        public func requestAgeRange(
            ageGates threshold1: Int, _ threshold2: Int? = nil, _ threshold3: Int? = nil,
            in viewController: UIViewController
        ) async throws -> AgeRangeService.Response {
            try await Self.request([threshold1, threshold2, threshold3].compactMap { $0 })
        }
    #elseif canImport(AppKit)
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/requestagerange(agegates:_:_:in:)-4yo3r
        @available(macOS 26.0, *)
        @available(iOS, unavailable)
        @available(macCatalyst, unavailable)
        public func requestAgeRange(
            ageGates threshold1: Int, _ threshold2: Int? = nil, _ threshold3: Int? = nil, in window: NSWindow
        ) async throws -> AgeRangeService.Response {
            try await Self.request([threshold1, threshold2, threshold3].compactMap { $0 })
        }
    #endif

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/iseligibleforagefeatures
    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *)
    public var isEligibleForAgeFeatures: Bool {
        get async throws {
            let system = MirrorSystem.current
            system.record(.isEligibleForAgeFeatures, introducedIn: (26, 2))
            return try await system.perform(system.declaredAgeRange.eligibility)
        }
    }

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/requiredregulatoryfeatures
    @available(iOS 26.4, macCatalyst 26.4, macOS 26.4, *)
    public var requiredRegulatoryFeatures: Set<AgeRangeService.RegulatoryFeature> {
        get async throws {
            let system = MirrorSystem.current
            system.record(.requiredRegulatoryFeatures, introducedIn: (26, 4))
            return try await system.perform(system.declaredAgeRange.regulatoryFeatures)
        }
    }

    #if canImport(UIKit)
        /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/showsignificantupdateacknowledgment(in:updatedescription:)
        @available(iOS 26.4, macCatalyst 26.4, *)
        @available(macOS, unavailable)
        @MainActor
        public func showSignificantUpdateAcknowledgment(
            in windowScene: UIWindowScene, updateDescription: String
        )
            async throws
        {
            let system = MirrorSystem.current
            system.record(.showSignificantUpdateAcknowledgment(updateDescription), introducedIn: (26, 4))
            try await system.perform(system.declaredAgeRange.acknowledgment)
        }
    #endif

    static func request(_ gates: [Int]) async throws -> AgeRangeService.Response {
        let system = MirrorSystem.current
        system.record(.requestAgeRange(gates: gates), introducedIn: (26, 0))
        return try await system.perform(system.declaredAgeRange.ageRange)
    }
}

/// What the scripted person and system answer to DeclaredAgeRange's calls.
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
package final class DeclaredAgeRangeScript: MirrorScript, @unchecked Sendable {
    package var ageRange: MirrorSystem.Outcome<AgeRangeService.Response> = .value(.declinedSharing)
    package var eligibility: MirrorSystem.Outcome<Bool> = .value(false)
    package var acknowledgment: MirrorSystem.Outcome<Void> = .value(())
    /// A 26.4 type, so kept erased: a stored property cannot be newer than its class.
    private var storedRegulatoryFeatures: Any?

    @available(iOS 26.4, macCatalyst 26.4, macOS 26.4, *)
    package var regulatoryFeatures: MirrorSystem.Outcome<Set<AgeRangeService.RegulatoryFeature>> {
        get { storedRegulatoryFeatures as? MirrorSystem.Outcome<Set<AgeRangeService.RegulatoryFeature>> ?? .value([]) }
        set { storedRegulatoryFeatures = newValue }
    }

    package init() {}
}

@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
extension MirrorSystem {
    package var declaredAgeRange: DeclaredAgeRangeScript { script(DeclaredAgeRangeScript.self) }
}
