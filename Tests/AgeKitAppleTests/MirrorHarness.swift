#if AGEKIT_APPLE_MIRROR
    import AgeGating
    @testable import AgeKitApple
    @preconcurrency import AgeKitAppleMirror
    import AgeSignals
    import Foundation

    /// Runs `body` on a scripted device: every Apple call the bridges make inside it, and in
    /// every task they start, goes to `system`.
    func onMirror<T: Sendable>(_ system: MirrorSystem, _ body: () async throws -> T) async rethrows -> T {
        try await MirrorSystem.$current.withValue(system) { try await body() }
    }

    typealias MirrorAgeRange = AgeKitAppleMirror.AgeRangeService

    enum Harness {
        /// Deadlines short enough that a hang ends a test quickly.
        static let short = BridgeDeadlines(
            signal: .milliseconds(50), prompt: .milliseconds(50), activation: .milliseconds(50))
        static let anchor: AnchorProvider = { UIViewController() }
        static let gates = try! AgeGates(13, 16, 18)

        static func sharing(
            _ lower: Int?, _ upper: Int?, _ declaration: MirrorAgeRange.AgeRangeDeclaration?, limited: Bool = false
        )
            -> MirrorAgeRange.Response
        {
            .sharing(
                range: MirrorAgeRange.AgeRange(
                    lowerBound: lower, upperBound: upper, ageRangeDeclaration: declaration,
                    activeParentalControls: limited ? .communicationLimits : []))
        }

        /// Yields until `condition` holds (listeners run in their own tasks).
        static func eventually(_ condition: () async -> Bool) async -> Bool {
            for _ in 0..<20_000 {
                if await condition() { return true }
                await Task.yield()
            }
            return false
        }
    }
#endif
