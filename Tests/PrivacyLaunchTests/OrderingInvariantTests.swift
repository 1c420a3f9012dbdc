import AgeSignals
import PrivacyLaunch
import Testing

/// The ordering invariants, checked over every combination of the answers a launch can get.
@Suite("Launch order invariants")
struct OrderingInvariantTests {
    /// Every combination of age outcome, consent, tracking, notifications and settings.
    static let launches: [(OwnerSettings, LaunchContext, World)] = {
        let outcomes: [AgeRangeOutcome] = [
            .sharing(Ranges.adult), .sharing(Ranges.from16), .sharing(Ranges.from13), .sharing(Ranges.under13),
            .declined, .failed(.notAvailable),
        ]
        let refreshes: [ConsentStatus?] = [.noFormNeeded, .formNeeded, .obtained(.refuseAll), nil]
        let oses = [OSVersion(18, 0), OSVersion(26, 0), OSVersion(26, 2), OSVersion(26, 4)]
        var all: [(OwnerSettings, LaunchContext, World)] = []
        for os in oses {
            for outcome in outcomes {
                for saved in [nil, AgeAnswer.over, .under] {
                    for refresh in refreshes {
                        for tracking in TrackingStatus.allCases {
                            for (welcome, formEnabled) in [(false, true), (true, true), (false, false), (true, false)] {
                                for notification in [PermissionStatus.notDetermined, .denied] {
                                    let settings = OwnerSettings(
                                        consentFormEnabled: formEnabled, hasWelcomeScreens: welcome)
                                    let context = LaunchContext(
                                        os: os, savedAnswer: saved, trackingStatus: tracking,
                                        notificationStatus: notification)
                                    let world = World(
                                        requirement: saved == .under ? .notRequired : .required,
                                        ageOutcome: outcome, refresh: refresh)
                                    all.append((settings, context, world))
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }()

    @Test("no tracking prompt before the age answer, and never for a person under the threshold")
    func trackingAfterAge() {
        for (settings, context, world) in Self.launches {
            var sequence = LaunchSequence(settings: settings, context: context)
            var queue = sequence.handle(.contentReady, at: referenceNow)
            while !queue.isEmpty {
                let action = queue.removeFirst()
                if action == .showTrackingPrompt {
                    #expect(sequence.ageDecision != nil, "tracking prompt before the age answer")
                    #expect(sequence.ageDecision?.answer == .over)
                    #expect(sequence.consentOutcome != nil, "tracking prompt before the consent step ended")
                }
                if let event = world.answer(action) { queue += sequence.handle(event, at: referenceNow) }
                if queue.isEmpty && sequence.stage == .waitingForWelcomeScreens {
                    queue = sequence.handle(.welcomeScreensFinished, at: referenceNow)
                }
            }
        }
    }

    @Test("location is never requested before the notification prompt was answered")
    func locationAfterNotifications() {
        for (settings, context, world) in Self.launches {
            let (sequence, actions) = runLaunch(settings, context, world: world)
            guard let location = actions.position(of: .requestLocationPermission) else { continue }
            #expect(sequence.notificationAnswered)
            if context.notificationStatus == .notDetermined {
                let notification = actions.position(of: .showNotificationPrompt)
                #expect(notification != nil && notification! < location)
            }
            #expect(location == actions.count - 1, "location is the last prompt")
        }
    }

    @Test("nothing runs after the age step for a person under the threshold")
    func underStopsAfterAge() {
        var underLaunches = 0
        for (settings, context, world) in Self.launches {
            let (sequence, actions) = runLaunch(settings, context, world: world)
            guard sequence.ageDecision?.answer == .under else { continue }
            underLaunches += 1
            for kind in ActionKind.afterAgeStep {
                #expect(!actions.contains(kind), "\(kind) ran for a person under the threshold")
            }
            #expect(sequence.stage == .stoppedUnderThreshold)
        }
        #expect(underLaunches > 100, "the combinations include many people under the threshold")
    }

    @Test("the consent refresh runs for everyone over the threshold, form on or off")
    func refreshAlwaysRuns() {
        for (settings, context, world) in Self.launches {
            let (sequence, actions) = runLaunch(settings, context, world: world)
            guard sequence.ageDecision?.answer == .over else { continue }
            #expect(actions.kinds.filter { $0 == .refreshConsent }.count == 1)
        }
    }

    @Test("the order of every launch is age, consent, tracking, ads, notifications, location")
    func fullOrder() {
        let order: [ActionKind] = [
            .requestAgeRange, .refreshConsent, .showConsentForm, .showTrackingPrompt, .startAds,
            .showNotificationPrompt, .requestLocationPermission,
        ]
        for (settings, context, world) in Self.launches {
            let (_, actions) = runLaunch(settings, context, world: world)
            let positions = order.compactMap { actions.position(of: $0) }
            #expect(positions == positions.sorted(), "out of order: \(actions.kinds)")
        }
    }

    @Test("the notification prompt waits for the welcome screens")
    func notificationsAfterWelcome() {
        var sequence = LaunchSequence(
            settings: OwnerSettings(hasWelcomeScreens: true), context: LaunchContext(os: OSVersion(26, 4)))
        let world = World(requirement: .notRequired)
        var actions = sequence.handle(.contentReady, at: referenceNow)
        var queue = actions
        while !queue.isEmpty {
            if let event = world.answer(queue.removeFirst()) {
                let next = sequence.handle(event, at: referenceNow)
                actions += next
                queue += next
            }
        }
        #expect(sequence.stage == .waitingForWelcomeScreens)
        #expect(!actions.contains(.showNotificationPrompt))
        #expect(sequence.handle(.welcomeScreensFinished, at: referenceNow) == [.showNotificationPrompt])
    }

    @Test("welcome screens that finish early are remembered: the prompt follows ads directly")
    func welcomeFinishedEarly() {
        var sequence = LaunchSequence(
            settings: OwnerSettings(hasWelcomeScreens: true), context: LaunchContext(os: OSVersion(26, 4)))
        #expect(sequence.handle(.welcomeScreensFinished, at: referenceNow).isEmpty)
        #expect(sequence.handle(.contentReady, at: referenceNow) == [.checkAgeRequirement])
        #expect(
            sequence.handle(.ageCheckRequirement(.notRequired), at: referenceNow) == [
                .saveAgeAnswer(.over), .refreshConsent,
            ])
        let afterConsent = sequence.handle(.consentRefreshed(.noFormNeeded), at: referenceNow)
        #expect(afterConsent == [.showTrackingPrompt])
        #expect(
            sequence.handle(.trackingPromptAnswered(.denied), at: referenceNow) == [.startAds, .showNotificationPrompt])
    }

    @Test("content comes first: no action before 'content ready', and guards answer while the age sheet is up")
    func contentNeverWaits() {
        var sequence = LaunchSequence(
            settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 0), savedAnswer: .over))
        #expect(sequence.handle(.welcomeScreensFinished, at: referenceNow).isEmpty)
        #expect(sequence.handle(.locationRequested, at: referenceNow).isEmpty)
        let first = sequence.handle(.contentReady, at: referenceNow)
        #expect(sequence.records.first?.step == .content)
        #expect(first == [.requestAgeRange(OwnerSettings().ageGates)])
        // The age sheet is up: content and guards do not wait for it.
        #expect(sequence.stage == .askingAge)
        #expect(sequence.answerSource == .saved)
        #expect(sequence.allows(.comments) && sequence.allows(.ads) && sequence.allows(.analytics))
    }
}
