import Foundation
import PrivacyLaunch
import Testing

@Suite("Owner settings")
struct OwnerSettingsTests {
    func decode(_ json: String) throws -> OwnerSettings {
        try JSONDecoder().decode(OwnerSettings.self, from: Data(json.utf8))
    }

    @Test("an empty file means the documented defaults")
    func defaults() throws {
        let settings = try decode("{}")
        #expect(settings == OwnerSettings())
        #expect(settings.ageProtection)
        #expect(settings.threshold == 16)
        #expect(settings.featuresOffUnderThreshold == Set(GuardedFeature.ownerChoices))
        #expect(settings.hasAds && settings.hasTrackingUsageDescription && settings.consentFormEnabled)
        #expect(!settings.hasWelcomeScreens && settings.usesLocation)
    }

    @Test("every key is read")
    func everyKey() throws {
        let settings = try decode(
            """
            {"ageProtection": false, "threshold": 13, "featuresOffUnderThreshold": ["comments", "memberList"],
             "hasAds": false, "hasTrackingUsageDescription": false, "consentFormEnabled": false,
             "hasWelcomeScreens": true, "usesLocation": false}
            """)
        #expect(
            settings
                == OwnerSettings(
                    ageProtection: false, threshold: 13, featuresOffUnderThreshold: [.comments, .memberList],
                    hasAds: false, hasTrackingUsageDescription: false, consentFormEnabled: false,
                    hasWelcomeScreens: true, usesLocation: false))
    }

    @Test("settings survive a round trip")
    func roundTrip() throws {
        let settings = OwnerSettings(threshold: 18, featuresOffUnderThreshold: [.signUp], hasWelcomeScreens: true)
        let data = try JSONEncoder().encode(settings)
        #expect(try JSONDecoder().decode(OwnerSettings.self, from: data) == settings)
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let code: PrivacyLaunchError.Code
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile(name: "misspelt key", json: #"{"ageProtecton": false}"#, code: .unknownSetting),
        BadFile(
            name: "unknown key beside known ones", json: #"{"hasAds": true, "colour": "red"}"#, code: .unknownSetting),
        BadFile(name: "boolean as a string", json: #"{"hasAds": "yes"}"#, code: .invalidSetting),
        BadFile(name: "threshold as a string", json: #"{"threshold": "16"}"#, code: .invalidSetting),
        BadFile(name: "fractional threshold", json: #"{"threshold": 16.5}"#, code: .invalidSetting),
        BadFile(name: "threshold too low", json: #"{"threshold": 1}"#, code: .invalidSetting),
        BadFile(name: "threshold too high", json: #"{"threshold": 30}"#, code: .invalidSetting),
        BadFile(name: "unknown feature", json: #"{"featuresOffUnderThreshold": ["teleport"]}"#, code: .invalidSetting),
        BadFile(name: "features not a list", json: #"{"featuresOffUnderThreshold": "chat"}"#, code: .invalidSetting),
        BadFile(name: "not an object", json: #"[true]"#, code: .malformedSettings),
    ]

    @Test("bad files are clear errors with a stable code", arguments: badFiles)
    func badFile(_ file: BadFile) {
        #expect(throws: PrivacyLaunchError(file.code, "")) { try decode(file.json) }
    }

    @Test("the unknown key's error names the key and the known keys")
    func unknownKeyMessage() {
        do {
            _ = try decode(#"{"hasAdds": true}"#)
            Issue.record("a misspelt key was accepted")
        } catch let error as PrivacyLaunchError {
            #expect(error.reason.contains("'hasAdds'"))
            #expect(error.reason.contains("hasAds"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("a hand-built bad threshold is caught by validation and never traps the gates")
    func handBuiltThreshold() {
        let settings = OwnerSettings(threshold: 0)
        #expect(throws: PrivacyLaunchError(.invalidSetting, "")) { try settings.validated() }
        #expect(settings.ageGates.values == [OwnerSettings.defaultThreshold])
    }
}
