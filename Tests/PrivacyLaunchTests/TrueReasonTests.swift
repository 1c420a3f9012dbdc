import AgeSignals
import PrivacyLaunch
import Testing

@Suite("age step reasons")
struct TrueReasonTests {
    @Test("rule: reasons that are true (a download rule asks where the system said not required)")
    func downloadRuleSaysNotRequired() {
        var settings = OwnerSettings()
        settings.cadence = .atDownloadAndLaunch
        let (sequence, actions) = runLaunch(
            settings, LaunchContext(os: OSVersion(26, 4)), world: World(requirement: .notRequired))
        #expect(actions.contains(.requestAgeRange))
        let reason = sequence.records.first { $0.step == .age }?.reason ?? ""
        #expect(!reason.contains("could not say"), "\(reason)")
        #expect(reason.contains("no age check is required"), "\(reason)")
        #expect(reason.contains("download-and-launch"), "\(reason)")
    }
}
