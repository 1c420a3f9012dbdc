import AgeSignals
import PrivacyLaunch
import Testing

@Suite("platforms without the age range API")
struct NoAgeRangeAPITests {
    struct Row: Sendable, CustomTestStringConvertible {
        let platform: Platform
        let saved: AgeAnswer?
        let answer: AgeAnswer
        var testDescription: String { "\(platform) saved=\(saved?.rawValue ?? "none")" }
    }

    @Test(
        "rule: the API is called only where it exists",
        arguments: [Platform.tvOS, .visionOS, .watchOS].flatMap { platform in
            [
                Row(platform: platform, saved: .over, answer: .over),
                Row(platform: platform, saved: .under, answer: .under),
                Row(platform: platform, saved: nil, answer: .under),
            ]
        })
    func calledOnlyWhereItExists(_ row: Row) {
        let context = LaunchContext(os: OSVersion(26, 4), savedAnswer: row.saved, platform: row.platform)
        let (sequence, actions) = runLaunch(OwnerSettings(), context)
        #expect(!actions.contains(.requestAgeRange))
        #expect(!actions.contains(.checkAgeRequirement))
        #expect(sequence.currentAnswer == row.answer)
        if row.saved == nil { #expect(sequence.message == .ageVerificationNotPossible) }
    }

    @Test(
        "without the API and nothing saved, the app's own \"18 or older?\" answer decides and is saved",
        arguments: [(true, 16, AgeAnswer.over), (false, 16, .under), (true, 21, .under)])
    func adultQuestion(isAdult: Bool, threshold: Int, answer: AgeAnswer) {
        var context = LaunchContext(os: OSVersion(26, 4), platform: .tvOS)
        context.adultAnswer = isAdult
        var settings = OwnerSettings()
        settings.threshold = threshold
        let (sequence, actions) = runLaunch(settings, context)
        #expect(!actions.contains(.requestAgeRange))
        #expect(sequence.currentAnswer == answer)
        #expect(sequence.ageDecision?.rule == .adultQuestion)
        #expect(actions.contains(.saveAgeAnswer))
    }
}
