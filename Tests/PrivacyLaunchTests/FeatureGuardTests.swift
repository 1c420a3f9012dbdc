import AgeSignals
import PrivacyLaunch
import Testing

@Suite("GuardedFeature guards")
struct FeatureGuardTests {
    @Test(
        "always off under the threshold: ads, analytics, attribution, location, chat",
        arguments: GuardedFeature.allCases)
    func alwaysOff(_ feature: GuardedFeature) {
        let nothingChosen = OwnerSettings(featuresOffUnderThreshold: [])
        let (under, _) = runLaunch(nothingChosen, world: World(ageOutcome: .sharing(Ranges.from13)))
        let (over, _) = runLaunch(nothingChosen, world: World(ageOutcome: .sharing(Ranges.adult)))
        let mandatory: Set<GuardedFeature> = [.ads, .analytics, .attribution, .location, .chat]
        #expect(under.allows(feature) == !mandatory.contains(feature))
        #expect(over.allows(feature))
    }

    @Test("the owner's choices turn the other features off under the threshold", arguments: GuardedFeature.ownerChoices)
    func ownerChoice(_ feature: GuardedFeature) {
        let settings = OwnerSettings(featuresOffUnderThreshold: [feature])
        let (under, _) = runLaunch(settings, world: World(ageOutcome: .sharing(Ranges.from13)))
        #expect(!under.allows(feature))
        for other in GuardedFeature.ownerChoices where other != feature {
            #expect(under.allows(other))
        }
    }

    @Test("before this launch's answer the guards use the saved answer", arguments: [AgeAnswer.over, .under])
    func savedAnswer(_ saved: AgeAnswer) {
        var sequence = LaunchSequence(
            settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 4), savedAnswer: saved))
        _ = sequence.handle(.contentReady, at: referenceNow)
        _ = sequence.handle(.ageCheckRequirement(.required), at: referenceNow)
        #expect(sequence.answerSource == .saved)
        #expect(sequence.allows(.analytics) == (saved == .over))
        _ = sequence.handle(.ageRange(.sharing(saved == .over ? Ranges.from13 : Ranges.adult)), at: referenceNow)
        #expect(sequence.answerSource == .thisLaunch)
        #expect(sequence.allows(.analytics) == (saved == .under), "the new answer replaces the saved one")
    }

    @Test("with nothing saved the guards take the careful side until the answer arrives")
    func nothingSaved() {
        var sequence = LaunchSequence(settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 4)))
        _ = sequence.handle(.contentReady, at: referenceNow)
        #expect(sequence.answerSource == .none)
        #expect(!sequence.allows(.ads))
        _ = sequence.handle(.ageCheckRequirement(.notRequired), at: referenceNow)
        #expect(sequence.allows(.ads))
    }

    @Test("protection off or an old OS: every guard allows from the start", arguments: [true, false])
    func noQuestion(_ protectionOff: Bool) {
        let settings = OwnerSettings(ageProtection: !protectionOff)
        let context = LaunchContext(os: protectionOff ? OSVersion(26, 4) : OSVersion(18, 6), savedAnswer: .under)
        let sequence = LaunchSequence(settings: settings, context: context)
        for feature in GuardedFeature.allCases { #expect(sequence.allows(feature)) }
    }

    @Test("trade-off: an answer that flips to under mid-session stops the started tools")
    func flipStopsTools() {
        var sequence = LaunchSequence(
            settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 4), savedAnswer: .over))
        _ = sequence.handle(.contentReady, at: referenceNow)
        // Started from the saved "over" while the age sheet is up.
        #expect(sequence.handle(.toolStarted(.analytics), at: referenceNow).isEmpty)
        #expect(sequence.handle(.toolStarted(.attribution), at: referenceNow).isEmpty)
        #expect(sequence.toolReceivesEvents(.analytics))
        _ = sequence.handle(.ageCheckRequirement(.required), at: referenceNow)
        let actions = sequence.handle(.ageRange(.sharing(Ranges.from13)), at: referenceNow)
        #expect(actions == [.saveAgeAnswer(.under), .stopToolEvents([.analytics, .attribution])])
        #expect(!sequence.toolReceivesEvents(.analytics))
        #expect(!sequence.toolReceivesEvents(.attribution))
        #expect(!sequence.allows(.ads))
    }

    @Test("trade-off: a decline with nothing saved means under, and the guards say no")
    func declineMeansUnder() {
        let (sequence, actions) = runLaunch(world: World(ageOutcome: .declined))
        #expect(sequence.currentAnswer == .under)
        #expect(actions.contains(.showMessage(.ageVerificationNotPossible)))
        for feature in [GuardedFeature.location, .chat, .ads, .analytics, .attribution, .comments, .signUp] {
            #expect(!sequence.allows(feature))
        }
    }

    @Test("ads started by the app from the saved answer are not started twice")
    func adsStartedEarly() {
        var sequence = LaunchSequence(
            settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 4), savedAnswer: .over))
        #expect(sequence.handle(.toolStarted(.ads), at: referenceNow).isEmpty)
        var actions = sequence.handle(.contentReady, at: referenceNow)
        actions += sequence.handle(.ageCheckRequirement(.notRequired), at: referenceNow)
        actions += sequence.handle(.consentRefreshed(.noFormNeeded), at: referenceNow)
        actions += sequence.handle(.trackingPromptAnswered(.authorized), at: referenceNow)
        #expect(!actions.contains(.startAds))
        #expect(sequence.adsStarted)
        #expect(sequence.record(.ads)?.decision == "already started")
    }

    @Test("a tool started against its guard is stopped at once")
    func startedAgainstGuard() {
        var sequence = LaunchSequence(
            settings: OwnerSettings(), context: LaunchContext(os: OSVersion(26, 4), savedAnswer: .under))
        #expect(sequence.handle(.toolStarted(.analytics), at: referenceNow) == [.stopToolEvents([.analytics])])
        #expect(!sequence.toolReceivesEvents(.analytics))
        #expect(sequence.ignoredEvents.count == 1)
    }
}
