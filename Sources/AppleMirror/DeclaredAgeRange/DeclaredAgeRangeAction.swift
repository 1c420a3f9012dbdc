import AppleMirrorSystem
import Foundation

/// Mirrors https://developer.apple.com/documentation/declaredagerange/declaredagerangeaction
/// (the value behind SwiftUI's `@Environment(\.requestAgeRange)`).
@available(iOS 26.0, macCatalyst 26.0, macOS 26.0, *)
public struct DeclaredAgeRangeAction {
    /// Apple publishes no initializer: SwiftUI's environment makes the action.
    package init() {}

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/declaredagerangeaction/callasfunction(agegates:_:_:)
    public func callAsFunction(
        ageGates threshold1: Int, _ threshold2: Int? = nil, _ threshold3: Int? = nil
    )
        async throws -> AgeRangeService.Response
    {
        try await AgeRangeService.request([threshold1, threshold2, threshold3].compactMap { $0 })
    }
}

/// Mirrors https://developer.apple.com/documentation/declaredagerange/significantupdateaction
/// (the value behind SwiftUI's `@Environment(\.showSignificantUpdateAcknowledgment)`).
@available(iOS 26.4, macCatalyst 26.4, *)
@available(macOS, unavailable)
public struct SignificantUpdateAction {
    package init() {}

    /// Mirrors https://developer.apple.com/documentation/declaredagerange/significantupdateaction/callasfunction(updatedescription:)
    public func callAsFunction(updateDescription: String) async throws {
        let system = MirrorSystem.current
        system.record(.showSignificantUpdateAcknowledgment(updateDescription), introducedIn: (26, 4))
        try await system.perform(system.declaredAgeRange.acknowledgment)
    }
}
