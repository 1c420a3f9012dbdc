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

    /// Runs `body` on a scripted device: every Apple call the bridges make inside it, and in
    /// every task they start, goes to `system`.
    func onMirror<T: Sendable>(_ system: MirrorSystem, _ body: () async throws -> T) async rethrows -> T {
        try await MirrorSystem.$current.withValue(system) { try await body() }
    }

    typealias MirrorAgeRange = DeclaredAgeRange.AgeRangeService

    /// A clock whose sleeps end at once (after a yield), so deadlines pass without waiting.
    struct InstantClock: AppClock {
        var now: Date { Date(timeIntervalSince1970: 1_781_773_200) }
        func sleep(for duration: Duration) async throws {
            await Task.yield()
            try Task.checkCancellation()
        }
    }

    enum Harness {
        /// Deadlines that pass at once: a call that hangs can only end through its deadline,
        /// whatever the load on the machine.
        static let short = BridgeDeadlines(
            signal: .milliseconds(50), prompt: .milliseconds(50), activation: .milliseconds(50), clock: InstantClock())
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

        /// Waits until `condition` holds (listeners run in their own tasks).
        static func eventually(_ condition: () async -> Bool) async -> Bool {
            // Up to about ten seconds, however loaded the machine is.
            for _ in 0..<5_000 {
                if await condition() { return true }
                try? await Task.sleep(for: .milliseconds(2))
            }
            return false
        }
    }
#endif
