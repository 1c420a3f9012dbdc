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

        /// Waits until `condition` holds, looking again after each of `events` (listeners run in
        /// their own tasks, and report what they did there): the wait ends with the event that
        /// makes it true, and is false when the events end first.
        static func eventually<Event>(after events: AsyncStream<Event>, _ condition: () async -> Bool) async -> Bool {
            if await condition() { return true }
            for await _ in events {
                if await condition() { return true }
            }
            return false
        }

        /// Deadlines on a clock that only the test moves, so that none passes: the first thing to
        /// sleep on it is a bridge's wait for activation (see ``waitingForActivation(_:)``).
        static func patient() -> (deadlines: BridgeDeadlines, clock: SimulatedClock) {
            let clock = SimulatedClock()
            let deadlines = BridgeDeadlines(
                signal: .seconds(10), prompt: .seconds(30), activation: patientActivation, clock: clock)
            return (deadlines, clock)
        }

        /// The patient wait for activation, told apart by its length from the other deadlines.
        static let patientActivation: Duration = .seconds(60)

        /// Returns once a bridge waits for activation: the deadline of that wait, which the bridge
        /// starts only after it looked once and found nothing to present in, sleeps on `clock`,
        /// and nothing else does. False when nothing came to sleep, or something else did.
        static func waitingForActivation(_ clock: SimulatedClock) async -> Bool {
            await clock.waitForSleepers(1)
            let deadline = clock.now.addingTimeInterval(Double(patientActivation.components.seconds))
            return clock.pendingSleepers == 1 && clock.earliestWake == deadline
        }
    }
#endif
