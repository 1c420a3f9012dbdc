import Foundation

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

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/requestagerange(agegates:_:_:in:)-2go8c
    @available(iOS 26.0, macCatalyst 26.0, *)
    @available(macOS, unavailable)
    public func requestAgeRange(
        ageGates threshold1: Int, _ threshold2: Int? = nil, _ threshold3: Int? = nil,
        in viewController: UIViewController
    ) async throws -> AgeRangeService.Response {
        try await Self.request([threshold1, threshold2, threshold3].compactMap { $0 })
    }

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/iseligibleforagefeatures
    @available(iOS 26.2, macCatalyst 26.2, macOS 26.2, *)
    public var isEligibleForAgeFeatures: Bool {
        get async throws {
            let system = MirrorSystem.current
            system.record(.isEligibleForAgeFeatures, introducedIn: (26, 2))
            return try await system.perform(system.eligibility)
        }
    }

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/agerangeservice/requiredregulatoryfeatures
    @available(iOS 26.4, macCatalyst 26.4, macOS 26.4, *)
    public var requiredRegulatoryFeatures: Set<AgeRangeService.RegulatoryFeature> {
        get async throws {
            let system = MirrorSystem.current
            system.record(.requiredRegulatoryFeatures, introducedIn: (26, 4))
            return try await system.perform(system.regulatoryFeatures)
        }
    }

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
        try await system.perform(system.acknowledgment)
    }

    static func request(_ gates: [Int]) async throws -> AgeRangeService.Response {
        let system = MirrorSystem.current
        system.record(.requestAgeRange(gates: gates), introducedIn: (26, 0))
        return try await system.perform(system.ageRange)
    }
}
