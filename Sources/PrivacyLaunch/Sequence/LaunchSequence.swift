import AgeGating
import AgeSignals
import Foundation

/// The privacy launch sequence as a pure value: content first, then age, consent, tracking,
/// ads, notifications and location, each waiting for the answer before it. Events and the
/// time go in, actions come out; the caller performs the actions (see ``LaunchSession``).
///
/// Events that do not answer the current stage are never acted on: they return no action
/// and are recorded in ``ignoredEvents``. So no prompt can ever come out of order.
public struct LaunchSequence: Sendable {
    /// The owner's settings the sequence runs with.
    public let settings: OwnerSettings
    /// The launch context, updated as permissions are answered.
    public internal(set) var context: LaunchContext
    /// Where the sequence is.
    public internal(set) var stage: Stage = .waitingForContent

    /// This launch's age decision, once the age step has decided.
    public internal(set) var ageDecision: AgeDecision?
    /// How the consent step ended, once it has.
    public internal(set) var consentOutcome: ConsentOutcome?
    /// The consent SDK's latest status (nil until a refresh succeeded).
    public internal(set) var consentStatus: ConsentStatus?
    /// Whether the tracking prompt is shown, and why not, once decided.
    public internal(set) var trackingDecision: TrackingDecision?
    /// Whether ``Action/startAds`` was returned.
    public internal(set) var adsStarted = false
    /// The message shown to the person, if any.
    public internal(set) var message: LaunchMessage?
    /// Whether ``Event/welcomeScreensFinished`` arrived.
    public internal(set) var welcomeScreensFinished = false
    /// Whether the notification prompt has been answered (now or at an earlier launch).
    public internal(set) var notificationAnswered = false
    /// Third-party tools started this session, and those told to stop receiving events.
    public internal(set) var startedTools: Set<GuardedFeature> = []
    /// Started tools told to stop receiving events (the answer turned to "under").
    public internal(set) var stoppedTools: Set<GuardedFeature> = []
    /// The report, in the order the steps decided.
    public internal(set) var records: [StepRecord] = []
    /// Events that changed nothing, with why and when.
    public internal(set) var ignoredEvents: [IgnoredEvent] = []
    var pendingConsentReason = ""
    var askReason: String?
    /// Whether the age step found the person regulated (nil when it decided without asking the system).
    var regulated: Bool?
    /// Whether this launch's age request got an answer (a range or a decline).
    var answered = false

    /// A sequence at its first stage, waiting for the content.
    public init(settings: OwnerSettings, context: LaunchContext) {
        self.settings = settings
        self.context = context
    }

    /// The answer every guard uses right now: this launch's answer once the age step has
    /// decided; before that, what needs no question (protection off, OS below 26), else the
    /// saved answer, else under.
    public var currentAnswer: AgeAnswer {
        if let ageDecision { return ageDecision.answer }
        if case .decided(let decision) = AgeStep.start(settings: settings, os: context.os, platform: context.platform) {
            return decision.answer
        }
        return context.savedAnswer ?? .under
    }

    /// Where ``currentAnswer`` comes from: this launch, or an earlier one.
    public var answerSource: AgeAnswerSource {
        if ageDecision != nil { return .thisLaunch }
        if case .decided = AgeStep.start(settings: settings, os: context.os, platform: context.platform) {
            return .thisLaunch
        }
        return context.savedAnswer == nil ? .none : .saved
    }

    /// The feature guard: whether `feature` may run for this person now. Ask every time the
    /// feature runs; the answer can change during the session.
    public func allows(_ feature: GuardedFeature) -> Bool {
        currentAnswer == .over || !settings.isOffUnderThreshold(feature)
    }

    /// Whether a started third-party tool may still receive events.
    public func toolReceivesEvents(_ feature: GuardedFeature) -> Bool {
        allows(feature) && !stoppedTools.contains(feature)
    }

    /// Every guard, in ``GuardedFeature`` order.
    public var guards: [(feature: GuardedFeature, allowed: Bool)] {
        GuardedFeature.allCases.map { ($0, allows($0)) }
    }

    /// Whether location permission may be requested now: the guard allows it and the
    /// notification prompt has been answered.
    public var mayRequestLocation: Bool {
        allows(.location) && notificationAnswered && settings.usesLocation
    }

    /// Whether the sequence has nothing more to do.
    public var isDone: Bool { stage == .finished || stage == .stoppedUnderThreshold }

    /// The cadence record this launch leaves (the gate's record, `LaunchAsk`'s input): launched,
    /// whether the person was found regulated, and the day of a request only when the system
    /// answered it (a request that failed or hung is not an ask that counts).
    public func cadenceAfterLaunch(at now: Timestamp) -> CadenceRecord {
        var record = context.cadence.afterLaunch(regulated: regulated ?? false)
        if answered { record.recordRequest(at: Date(timeIntervalSince1970: TimeInterval(now.secondsSince1970))) }
        return record
    }

    /// The record of `step`, if it has decided.
    public func record(_ step: LaunchStep) -> StepRecord? { records.last { $0.step == step } }
}
