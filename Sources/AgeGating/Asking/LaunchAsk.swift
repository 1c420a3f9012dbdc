import AgeSignals
import Foundation

/// Whether this launch asks the system for the age range: the one rule that the gate
/// (``AgeGate/launch()``) and the privacy launch sequence both follow, so a launch asks at
/// most once and both agree on it. A pure value: the regulation verdict, the platform, the
/// cadence rule in force, the stored ``CadenceRecord`` and the time go in.
///
/// | case | asks | source |
/// | --- | --- | --- |
/// | no `requestAgeRange` (visionOS, tvOS, watchOS, below 26) | never | seed 000: the API exists on iOS, iPadOS and macOS 26 |
/// | macOS | never at launch (a gated feature still asks when opened) | seed 000: "The Mac never asks at launch and still asks on tap" |
/// | the law started for this person since the last launch | once, whatever the cadence | a law that starts is the moment it expects the check |
/// | regulated, or the check could not say (26.0-26.1 have no check) | as the cadence in force says; a decline does not stop it | seed 000: "In a regulated region the app asks at every launch"; seed 002: "The app asks at every launch" |
/// | not regulated | only a rule that asks at download, on the first launch | seed 000: "Outside of that, nothing happens at launch" |
///
/// A decline is asked again only where the law asks at every launch; elsewhere the app
/// never brings the sheet up again on its own (``AgeGate/open(_:)`` asks only when nothing
/// was asked). A request that got no answer is not an ask that counts for the cadence: the
/// caller records the day only when the system answered (``CadenceRecord/recordRequest(at:)``).
public struct LaunchAsk: Hashable, Sendable {
    /// Why the launch asks or does not.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The platform or OS has no `requestAgeRange`.
        case noAgeRangeAPI
        /// macOS requires age assurance for nobody: the Mac never asks at launch.
        case macNeverAsksAtLaunch
        /// The system says no check is required for this person.
        case notRegulated
        /// Regulated (or the check could not say): the cadence in force asks now.
        case regulated
        /// Regulated, but the cadence in force says no request is due yet (Alabama).
        case cadenceNotDue
        /// The person became regulated since the last launch: asked once, whatever the cadence.
        case lawStarted
        /// The cadence asks at the first launch after download, whatever the signals.
        case firstLaunchAfterDownload

        /// One line for reports.
        public var summary: String {
            switch self {
            case .noAgeRangeAPI: "no age range API here: never asked at launch"
            case .macNeverAsksAtLaunch: "the Mac never asks at launch (macOS requires age assurance for nobody)"
            case .notRegulated: "the system says no age check is required: not asked at launch"
            case .regulated: "an age check is required (or the system could not say): asked at launch"
            case .cadenceNotDue: "an age check is required, but the cadence says no request is due yet"
            case .lawStarted: "the law started for this person since the last launch: asked once"
            case .firstLaunchAfterDownload: "the cadence asks at the first launch after download"
            }
        }
    }

    /// Whether this launch asks.
    public let asks: Bool
    /// Why the launch asks or does not.
    public let reason: Reason

    /// A verdict with its reason.
    public init(asks: Bool, reason: Reason) {
        self.asks = asks
        self.reason = reason
    }

    /// The decision for this launch.
    /// - Parameters:
    ///   - regulation: the launch table's verdict (``LaunchSignals/regulation(on:)``).
    ///   - capabilities: what the platform and OS offer (no region check before 26.2).
    ///   - cadence: the rule in force (``CadenceRule/inForce(app:region:)``).
    ///   - record: the record as the last launch left it (before ``CadenceRecord/afterLaunch(regulated:)``).
    ///   - now: the launch's time, which the cadence is counted to.
    public static func decide(
        _ regulation: LaunchSignals.Regulation, on capabilities: PlatformCapabilities, cadence: CadenceRule,
        record: CadenceRecord, now: Date
    ) -> LaunchAsk {
        guard capabilities.canRequestAgeRange else { return LaunchAsk(asks: false, reason: .noAgeRangeAPI) }
        guard capabilities.requiresAgeAssurance else { return LaunchAsk(asks: false, reason: .macNeverAsksAtLaunch) }
        let isRegulated = regulation != .notRequired
        if record.regulationStarted(isRegulated: isRegulated) { return LaunchAsk(asks: true, reason: .lawStarted) }
        let context = CadenceRule.Context(
            isRegulated: isRegulated, isFirstLaunch: !record.hasLaunched, lastRequest: record.lastRequest, now: now)
        if cadence.asksAtLaunch(context) {
            return LaunchAsk(asks: true, reason: isRegulated ? .regulated : .firstLaunchAfterDownload)
        }
        return LaunchAsk(asks: false, reason: isRegulated ? .cadenceNotDue : .notRegulated)
    }
}

extension CadenceRecord {
    /// The record this launch leaves: launched, and whether it found the person regulated.
    public func afterLaunch(regulated: Bool) -> CadenceRecord {
        var record = self
        record.hasLaunched = true
        record.lastLaunchRegulated = regulated
        return record
    }
}
