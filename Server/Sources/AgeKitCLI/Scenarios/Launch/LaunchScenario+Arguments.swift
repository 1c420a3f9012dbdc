import AgeKitScenarios
import AgeKitSimulator
import AgeSignals
import PrivacyLaunch

/// The options of `agekit launch`; every mistake is a usage error naming the option.
extension LaunchScenario {
    init(_ parsed: Arguments) throws(CLIError) {
        guard parsed.positionals.isEmpty else {
            throw .usage("unexpected argument '\(parsed.positionals[0])'")
        }
        self.init(scenario: try ScenarioOptions.parse(parsed))
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
        if let path = parsed.value("owner") { settings = try ConfigurationFiles.settings(path) }
        consentDate = try parsed.value("consent-date", as: "a YYYY-MM-DD day") { CalendarDay(parsing: $0) }
    }
}
