import AgeSignals
import PrivacyLaunch
import Testing

/// Impossible, repeated and out-of-order events are documented no-ops: no action, recorded
/// in `ignoredEvents`, and never a prompt out of order.
@Suite("Bad events")
struct BadEventTests {
    static let strayEvents: [LaunchSequence.Event] = [
        .ageCheckRequirement(.notRequired), .ageRange(.sharing(Ranges.adult)), .consentRefreshed(.noFormNeeded),
        .consentRefreshFailed, .consentFormClosed(.obtained(.acceptAll)), .consentFormFailed,
        .trackingPromptAnswered(.authorized), .notificationPromptAnswered(.granted),
        .locationPromptAnswered(.granted),
    ]

    @Test("an answer for a step that was never asked does nothing before the content is ready")
    func answersBeforeContent() {
        var sequence = LaunchSequence(settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 4)))
        for event in Self.strayEvents {
            #expect(sequence.handle(event, at: referenceNow).isEmpty)
        }
        #expect(sequence.stage == .waitingForContent)
        #expect(sequence.ignoredEvents.count == Self.strayEvents.count)
        #expect(sequence.ageDecision == nil)
    }

    @Test("repeated 'content ready' starts nothing twice")
    func repeatedContentReady() {
        var sequence = LaunchSequence(settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 4)))
        #expect(sequence.handle(.contentReady, at: referenceNow) == [.checkAgeRequirement])
        #expect(sequence.handle(.contentReady, at: referenceNow).isEmpty)
        #expect(sequence.ignoredEvents.map(\.stage) == [.checkingAgeRequirement])
    }

    @Test("a repeated age answer cannot change the decision")
    func repeatedAgeAnswer() {
        var sequence = LaunchSequence(settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 0)))
        _ = sequence.handle(.contentReady, at: referenceNow)
        _ = sequence.handle(.ageRange(.sharing(Ranges.adult)), at: referenceNow)
        #expect(sequence.handle(.ageRange(.sharing(Ranges.from13)), at: referenceNow).isEmpty)
        #expect(sequence.currentAnswer == .over)
    }

    @Test("a person under the threshold stays stopped whatever arrives next")
    func underStaysStopped() {
        var sequence = LaunchSequence(settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 0)))
        _ = sequence.handle(.contentReady, at: referenceNow)
        _ = sequence.handle(.ageRange(.sharing(Ranges.from13)), at: referenceNow)
        for event in Self.strayEvents + [.locationRequested, .welcomeScreensFinished, .contentReady] {
            #expect(sequence.handle(event, at: referenceNow).isEmpty)
        }
        #expect(sequence.stage == .stoppedUnderThreshold)
    }

    @Test("a feature asking for location before the notification answer is deferred, not prompted")
    func earlyLocationRequest() {
        var sequence = LaunchSequence(
            settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 4), savedAnswer: .over))
        #expect(sequence.handle(.locationRequested, at: referenceNow).isEmpty)
        _ = sequence.handle(.contentReady, at: referenceNow)
        #expect(sequence.handle(.locationRequested, at: referenceNow).isEmpty)
        #expect(sequence.ignoredEvents.allSatisfy { $0.reason.contains("notification") })
    }

    @Test("after the sequence finished, a feature asking for location gets no second prompt")
    func lateLocationRequest() {
        let (finished, _) = runLaunch(
            OwnerSettings(), LaunchContext(os: OSVersion(26, 4), locationStatus: .denied), world: World())
        var sequence = finished
        #expect(sequence.stage == .finished)
        #expect(sequence.handle(.locationRequested, at: referenceNow).isEmpty, "already answered: no new prompt")
    }

    /// A deterministic generator so the fuzz run is the same every time.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("random event streams never produce a prompt out of order", arguments: 0..<40)
    func fuzz(_ seed: Int) {
        var generator = Generator(state: UInt64(seed) &+ 17)
        let events: [LaunchSequence.Event] =
            Self.strayEvents + [
                .contentReady, .welcomeScreensFinished, .locationRequested, .toolStarted(.analytics),
                .ageRange(.declined), .ageRange(.sharing(Ranges.from13)), .ageCheckRequirement(.required),
                .consentRefreshed(.formNeeded), .trackingPromptAnswered(.denied),
            ]
        let settings = OwnerSettings(hasWelcomeScreens: seed % 2 == 0)
        var sequence = LaunchSequence(
            settings: settings,
            context: LaunchContext(os: OSVersion(26, seed % 5), savedAnswer: seed % 3 == 0 ? .over : nil))
        var emitted: [LaunchSequence.Action] = []
        for _ in 0..<60 {
            let event = events[generator.next(events.count)]
            for action in sequence.handle(event, at: referenceNow) {
                emitted.append(action)
                switch action {
                case .showTrackingPrompt:
                    #expect(sequence.ageDecision?.answer == .over && sequence.consentOutcome != nil)
                case .requestLocationPermission:
                    #expect(sequence.notificationAnswered && sequence.currentAnswer == .over)
                case .showNotificationPrompt:
                    #expect(!settings.hasWelcomeScreens || sequence.welcomeScreensFinished)
                    #expect(emitted.contains(.refreshConsent))
                case .refreshConsent, .showConsentForm, .startAds:
                    #expect(sequence.ageDecision?.answer == .over)
                default:
                    break
                }
            }
        }
        for kind in [ActionKind.showTrackingPrompt, .showNotificationPrompt, .requestLocationPermission, .startAds] {
            #expect(emitted.kinds.filter { $0 == kind }.count <= 1, "\(kind) emitted twice")
        }
    }
}
