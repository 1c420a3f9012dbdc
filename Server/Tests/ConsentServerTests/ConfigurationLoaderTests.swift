import ConsentServer
import Foundation
import Testing

@Suite("Configuration: file, environment and flags")
struct ConfigurationLoaderTests {
    func load(
        _ file: String?, environment: [String: String] = [:], _ overrides: ConfigurationLoader.Overrides = .init()
    ) throws(ServerError) -> ServerConfiguration {
        var overrides = overrides
        if file != nil { overrides.configFile = "agekit.json" }
        let loader = ConfigurationLoader(environment: environment) { _ in Data((file ?? "").utf8) }
        return try loader.load(overrides)
    }

    static let production = """
        {"appleRootCertificates": ["AppleRootCA-G3.cer"],
         "apps": [{"bundleId": "com.example.app", "appAppleId": 42, "environments": ["Production", "Sandbox"],
                   "forwarding": {"url": "https://backend.example.com/events", "secret": "0123456789abcdef",
                                  "allNotifications": true, "maxAttempts": 5}}],
         "listen": "0.0.0.0:8443"}
        """

    @Test("no file at all runs the local test setup")
    func defaults() throws {
        let configuration = try load(nil)
        #expect(configuration.localTesting)
        #expect(configuration.host == "127.0.0.1" && configuration.port == 8080)
        #expect(configuration.storeURL == "sqlite:./agekit-data/agekit.sqlite")
        #expect(configuration.apps.map(\.bundleId) == ["com.example.agekit"])
    }

    @Test("a production file: apps, roots, listen address and forwarding")
    func productionFile() throws {
        let configuration = try load(Self.production)
        #expect(!configuration.localTesting)
        #expect(configuration.port == 8443 && configuration.host == "0.0.0.0")
        let app = try #require(configuration.apps.first)
        #expect(app.appAppleId == 42)
        #expect(app.forwarding?.url == "https://backend.example.com/events")
        #expect(app.forwarding?.allNotifications == true)
        #expect(app.forwarding?.maxAttempts == 5)
    }

    @Test("flags override the environment, which overrides the file")
    func precedence() throws {
        let fromEnvironment = try load(Self.production, environment: ["AGEKIT_LISTEN": "127.0.0.1:9000"])
        #expect(fromEnvironment.port == 9000)
        let fromFlag = try load(
            Self.production, environment: ["AGEKIT_LISTEN": "127.0.0.1:9000", "AGEKIT_STORE": "sqlite:env.sqlite"],
            .init(listen: "127.0.0.1:9100", store: "sqlite:flag.sqlite"))
        #expect(fromFlag.port == 9100)
        #expect(fromFlag.storeURL == "sqlite:flag.sqlite")
    }

    struct BadFile: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let field: String
        var testDescription: String { name }
    }

    @Test(
        "a bad file refuses to start and names the field",
        arguments: [
            BadFile(name: "not JSON", json: "{", field: "agekit.json"),
            BadFile(name: "unknown field", json: #"{"lisen": "x", "localTesting": true}"#, field: "lisen"),
            BadFile(name: "bad listen", json: #"{"listen": "nowhere", "localTesting": true}"#, field: "listen"),
            BadFile(
                name: "Production without appAppleId",
                json: #"{"appleRootCertificates": ["r"], "apps": [{"bundleId": "a", "environments": ["Production"]}]}"#,
                field: "apps[0].appAppleId"),
            BadFile(
                name: "no Apple root outside local testing",
                json: #"{"apps": [{"bundleId": "a", "environments": ["Sandbox"]}]}"#, field: "appleRootCertificates"),
            BadFile(
                name: "unknown environment",
                json: #"{"localTesting": true, "apps": [{"bundleId": "a", "environments": ["Staging"]}]}"#,
                field: "apps[0].environments"),
            BadFile(
                name: "a short forwarding secret",
                json: #"""
                    {"localTesting": true, "apps": [{"bundleId": "a", "environments": ["Sandbox"],
                     "forwarding": {"url": "https://x.example/e", "secret": "short"}}]}
                    """#, field: "apps[0].forwarding.secret"),
            BadFile(
                name: "a wrong type",
                json: #"{"localTesting": "yes"}"#, field: "localTesting"),
            BadFile(
                name: "a duplicate app",
                json:
                    #"{"localTesting": true, "apps": [{"bundleId": "a", "environments": ["Sandbox"]}, {"bundleId": "a", "environments": ["Sandbox"]}]}"#,
                field: "apps[1].bundleId"),
            BadFile(
                name: "a negative log sampling", json: #"{"localTesting": true, "log": {"refusalsPerSecond": -1}}"#,
                field: "log.refusalsPerSecond"),
            BadFile(
                name: "an unknown log field", json: #"{"localTesting": true, "log": {"level": "debug"}}"#,
                field: "log.level"),
            BadFile(
                name: "a bad Apple source range",
                json: #"{"localTesting": true, "notifications": {"appleSources": ["17.0.0.0/33"]}}"#,
                field: "notifications.appleSources"),
        ])
    func badFiles(bad: BadFile) {
        #expect {
            try load(bad.json)
        } throws: { error in
            guard let error = error as? ServerError else { return false }
            return error.code == .invalidConfiguration && error.reason.hasPrefix(bad.field)
        }
    }

    @Test(
        "a file that is not strict JSON is refused with the line and column of the fault",
        arguments: [
            (
                "{\"localTesting\": true,\n \"listen\": \"127.0.0.1:1\",\n \"listen\": \"127.0.0.1:2\"}",
                "agekit.json: not valid JSON: line 3, column 2: duplicate key \"listen\" (first at line 2, column 2)"
            ),
            (
                "{\"localTesting\": true,\n \"http\": {\"threads\": 2,}}",
                "agekit.json: not valid JSON: line 2, column 24: trailing comma: nothing may follow the last item of an object"
            ),
            ("{\"localTesting\": tru}", "agekit.json: not valid JSON: line 1, column 21: expected true, found '}'"),
            ("[1]", "agekit.json: the configuration must be a JSON object ({...})"),
        ])
    func notStrictJSON(json: String, message: String) {
        #expect {
            try load(json)
        } throws: { error in
            (error as? ServerError)?.reason == message
        }
    }

    @Test(
        "a wrong type or an unknown key is refused with its field's path; the first mistake in reading order wins",
        arguments: [
            (#"{"listen": 8080}"#, "listen: must be a string"),
            (#"{"localTesting": 1}"#, "localTesting: must be true or false"),
            (#"{"localTesting": true, "http": {"threads": 2.5}}"#, "http.threads: must be a whole number"),
            (#"{"localTesting": true, "http": {"threads": true}}"#, "http.threads: must be a whole number"),
            (
                #"{"localTesting": true, "allowedSources": ["17.0.0.0/8", 1]}"#,
                "allowedSources: must be a list of strings"
            ),
            (#"{"localTesting": true, "apps": {}}"#, "apps: must be a list of objects"),
            (#"{"localTesting": true, "apps": [{"bundleId": 1}, "a"]}"#, "apps[1]: must be an object"),
            (#"{"localTesting": true, "tls": "x"}"#, "tls: must be an object"),
            (
                #"{"listen": "nowhere", "dataDirectory": 5}"#,
                "listen: 'nowhere' is not HOST:PORT (for example 127.0.0.1:8080)"
            ),
            (
                #"{"localTesting": true, "apps": [{"bundleId": "a", "forwarding": {"url": "https://x.example/e", "secrt": "x"}}]}"#,
                "apps[0].forwarding.secrt: unknown field; did you mean 'secret'? (known: allNotifications, maxAttempts, "
                    + "previousSecret, previousSecretEnvironmentVariable, previousSecretUntil, secret, "
                    + "secretEnvironmentVariable, timeoutSeconds, url)"
            ),
        ])
    func wrongTypes(json: String, message: String) {
        #expect {
            try load(json)
        } throws: { error in
            (error as? ServerError)?.reason == message
        }
    }

    @Test("a whole number may be written with a fraction or an exponent")
    func wholeNumbers() throws {
        let limits = try load(#"{"localTesting": true, "http": {"threads": 4.0, "maxBodyBytes": 1e4}}"#).limits
        #expect(limits.threads == 4 && limits.maxBodyBytes == 10_000)
    }
}
