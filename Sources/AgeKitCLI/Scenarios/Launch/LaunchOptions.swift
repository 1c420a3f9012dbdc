import AgeKitScenarios
import AgeKitSimulator
import AgeSignals
import PrivacyLaunch

/// The parsed options of `agekit launch`; every mistake is a usage error naming the option.
struct LaunchOptions {
    /// The person, device, region, day, faults, saved answer and last request.
    var scenario: ScenarioOptions
    var consentRegion: ConsentRegion
    var settings: OwnerSettings
    var ownerFile: String?
    var tracking: TrackingStatus
    var consentAnswer: SimulatedConsentSDK.FormAnswer
    var json: Bool
    /// The answer to the app's own "18 or older?" question (no age range API on the platform).
    var adultAnswer: Bool?
    /// The day of the stored consent (`--consent-date`): older than 13 months is asked again.
    var consentDate: CalendarDay?

    init(_ arguments: [String]) throws(CLIError) {
        let parsed = try Arguments(arguments, LaunchCommand.options)
        guard parsed.positionals.isEmpty else {
            throw .usage("unexpected argument '\(parsed.positionals[0])'")
        }
        scenario = try ScenarioOptions.parse(parsed)
        json = parsed.flag("json")
        do {
            consentRegion = try ConsentRegion(parsing: parsed.value("consent-region") ?? ConsentRegion.none.rawValue)
        } catch {
            throw .usage("--consent-region: \(error.reason)")
        }
        tracking =
            try parsed.value("tracking", as: "notDetermined, restricted, denied or authorized") { text in
                TrackingStatus.allCases.first { $0.rawValue == text }
            } ?? .notDetermined
        consentAnswer =
            try parsed.value("consent-answer", as: "acceptAll, profileOnly, refuseAll or close") {
                SimulatedConsentSDK.FormAnswer(rawValue: $0)
            } ?? .acceptAll
        adultAnswer = try parsed.value("adult-answer", as: "yes or no") {
            $0 == "yes" ? true : $0 == "no" ? false : nil
        }
        ownerFile = parsed.value("owner")
        settings = OwnerSettings()
        if let path = ownerFile {
            settings = try ConfigurationFiles.settings(path)
        }
        consentDate = try parsed.value("consent-date", as: "a YYYY-MM-DD day") { CalendarDay(parsing: $0) }
    }

    /// Who is launching, in words.
    var subjectDescription: String {
        scenario.personaName.map { "persona \($0)" } ?? scenario.personDescription
    }
}
