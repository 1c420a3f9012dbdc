import AgeSignals
import PrivacyLaunch

/// A reference moment for every pure test: 2026-11-30 12:00 UTC.
let referenceNow = Timestamp(year: 2026, month: 11, day: 30, hour: 12)

/// Ranges the system could return for a single gate at 16, plus a regional band at 14.
enum Ranges {
    static let under13 = AgeRange(lowerBound: nil, upperBound: 12, declaration: .guardianDeclared)
    static let from13 = AgeRange(lowerBound: 13, upperBound: 15, declaration: .guardianDeclared)
    static let band14 = AgeRange(lowerBound: 14, upperBound: 15, declaration: .guardianDeclared)
    static let from16 = AgeRange(lowerBound: 16, upperBound: 17, declaration: .guardianDeclared)
    static let adult = AgeRange(lowerBound: 18, upperBound: nil, declaration: .selfDeclared)
}

extension ConsentStatus {
    static let noFormNeeded = ConsentStatus(requirement: .notRequired, canRequestAds: true)
    static let formNeeded = ConsentStatus(requirement: .required, canRequestAds: false)
    static func obtained(_ choices: AdsChoices, on date: Timestamp = referenceNow) -> ConsentStatus {
        ConsentStatus(requirement: .obtained, canRequestAds: true, choices: choices, consentDate: date)
    }
}

/// A scripted world that answers every action the pure sequence emits, so a test can run a
/// whole launch without services. `nil` answers mean the service failed.
struct World {
    var requirement: AgeCheckRequirement = .required
    var ageOutcome: AgeRangeOutcome = .sharing(Ranges.adult)
    var refresh: ConsentStatus? = .noFormNeeded
    var form: ConsentStatus? = .obtained(.acceptAll)
    var trackingAnswer: TrackingStatus = .authorized
    var notificationAnswer: PermissionStatus = .granted
    var locationAnswer: PermissionStatus = .granted

    func answer(_ action: LaunchSequence.Action) -> LaunchSequence.Event? {
        switch action {
        case .checkAgeRequirement: .ageCheckRequirement(requirement)
        case .requestAgeRange: .ageRange(ageOutcome)
        case .refreshConsent: refresh.map { .consentRefreshed($0) } ?? .consentRefreshFailed
        case .showConsentForm: form.map { .consentFormClosed($0) } ?? .consentFormFailed
        case .showTrackingPrompt: .trackingPromptAnswered(trackingAnswer)
        case .showNotificationPrompt: .notificationPromptAnswered(notificationAnswer)
        case .requestLocationPermission: .locationPromptAnswered(locationAnswer)
        case .saveAgeAnswer, .showMessage, .stopToolEvents, .startAds: nil
        }
    }
}

/// Runs a launch to its end against `world`; returns the sequence and every action in order.
func runLaunch(
    _ settings: OwnerSettings = OwnerSettings(), _ context: LaunchContext = LaunchContext(os: OSVersion(26, 4)),
    world: World = World(), now: Timestamp = referenceNow
) -> (sequence: LaunchSequence, actions: [LaunchSequence.Action]) {
    var sequence = LaunchSequence(settings: settings, context: context)
    var all: [LaunchSequence.Action] = []
    var queue = sequence.handle(.contentReady, at: now)
    var guardSteps = 0
    while !queue.isEmpty || sequence.stage == .waitingForWelcomeScreens, guardSteps < 100 {
        guardSteps += 1
        if queue.isEmpty {
            queue = sequence.handle(.welcomeScreensFinished, at: now)
            continue
        }
        let action = queue.removeFirst()
        all.append(action)
        if let event = world.answer(action) { queue += sequence.handle(event, at: now) }
    }
    return (sequence, all)
}

extension Array where Element == LaunchSequence.Action {
    func position(of kind: ActionKind) -> Int? { firstIndex { ActionKind($0) == kind } }
    func contains(_ kind: ActionKind) -> Bool { position(of: kind) != nil }
    var kinds: [ActionKind] { map(ActionKind.init) }
}

/// Actions without their payloads, for order checks.
enum ActionKind: String, CaseIterable, Sendable {
    case checkAgeRequirement, requestAgeRange, saveAgeAnswer, showMessage, stopToolEvents, refreshConsent
    case showConsentForm, showTrackingPrompt, startAds, showNotificationPrompt, requestLocationPermission

    init(_ action: LaunchSequence.Action) {
        switch action {
        case .checkAgeRequirement: self = .checkAgeRequirement
        case .requestAgeRange: self = .requestAgeRange
        case .saveAgeAnswer: self = .saveAgeAnswer
        case .showMessage: self = .showMessage
        case .stopToolEvents: self = .stopToolEvents
        case .refreshConsent: self = .refreshConsent
        case .showConsentForm: self = .showConsentForm
        case .showTrackingPrompt: self = .showTrackingPrompt
        case .startAds: self = .startAds
        case .showNotificationPrompt: self = .showNotificationPrompt
        case .requestLocationPermission: self = .requestLocationPermission
        }
    }

    /// Everything that happens after the age step.
    static let afterAgeStep: [ActionKind] = [
        .refreshConsent, .showConsentForm, .showTrackingPrompt, .startAds, .showNotificationPrompt,
        .requestLocationPermission,
    ]
}
