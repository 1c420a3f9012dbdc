import ConsentServer
import Foundation
import Testing

@Suite struct APIConfigurationTests {
    func load(_ json: String) throws(ServerError) -> ServerConfiguration {
        try ConfigurationLoader(environment: [:], readFile: { _ in Data(json.utf8) })
            .load(.init(configFile: "agekit.json"))
    }

    static func config(app extra: String) -> String {
        """
        {"localTesting": true, "apps": [{"bundleId": "com.example.agekit", "environments": ["Sandbox"]\(extra)}]}
        """
    }

    @Test func apiAndHistorySyncAreRead() throws {
        let configuration = try load(
            Self.config(
                app: #", "api": {"keyId": "K1", "issuerId": "I1", "privateKey": "keys/AuthKey.p8"}, "#
                    + #""historySync": {"intervalMinutes": 15, "lookbackHours": 48}"#))
        let app = try #require(configuration.apps.first)
        #expect(app.api == APIAccessConfiguration(keyId: "K1", issuerId: "I1", privateKey: "keys/AuthKey.p8"))
        #expect(app.historySync == HistorySyncConfiguration(intervalMinutes: 15, lookbackHours: 48))
    }

    /// Each mistake names its field.
    @Test(arguments: [
        (#", "api": {"keyId": "K1", "issuerId": "I1"}"#, "apps[0].api.privateKey"),
        (#", "api": {"keyId": "K1", "issuerId": "I1", "privateKey": "p", "secret": 1}"#, "apps[0].api.secret"),
        (#", "historySync": {"intervalMinutes": 15, "lookbackHours": 48}"#, "apps[0].historySync"),
        (
            #", "api": {"keyId": "K", "issuerId": "I", "privateKey": "p"}, "historySync": {"intervalMinutes": 0, "lookbackHours": 1}"#,
            "apps[0].historySync.intervalMinutes"
        ),
        (
            #", "api": {"keyId": "K", "issuerId": "I", "privateKey": "p"}, "historySync": {"intervalMinutes": 5, "lookbackHours": 5000}"#,
            "apps[0].historySync.lookbackHours"
        ),
    ])
    func mistakesNameTheirField(extra: String, field: String) {
        do {
            _ = try load(Self.config(app: extra))
            Issue.record("accepted: \(extra)")
        } catch {
            #expect(error.reason.hasPrefix(field + ":"), "\(error.reason)")
        }
    }
}
