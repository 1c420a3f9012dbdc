import ConsentLedger
import ConsentServer
import Foundation

/// Where a setting `agekit check` shows came from, in the loader's order of precedence: a flag
/// beats the environment, which beats the file, which beats the default.
struct ValueSource: Equatable {
    var setting: String
    var value: String
    /// `flag --listen`, `environment AGEKIT_LISTEN`, `file agekit.json` or `default`.
    var from: String

    var line: String {
        "value " + setting.padding(toLength: 15, withPad: " ", startingAt: 0) + "\(value)  (from \(from))"
    }

    var json: [String: Any] { ["setting": setting, "value": value, "from": from] }

    /// The file `--config` or `AGEKIT_CONFIG` names, and which of the two named it.
    static func configFile(flag: String?, environment: [String: String]) -> (path: String, from: String)? {
        if let flag { return (flag, "flag --config") }
        return environment["AGEKIT_CONFIG"].map { ($0, "environment AGEKIT_CONFIG") }
    }

    /// The sources of the settings a configuration takes from flags, environment or file.
    /// - Parameters:
    ///   - fileKeys: the top-level keys of the configuration file that loaded, with its path.
    static func all(
        of configuration: ServerConfiguration, flags: ConfigurationLoader.Overrides,
        environment: [String: String], file: (path: String, keys: Set<String>)?
    ) -> [ValueSource] {
        func from(flag: String?, _ flagName: String?, variable: String?, key: String) -> String {
            if let flagName, flag != nil { return "flag --\(flagName)" }
            if let variable, environment[variable] != nil { return "environment \(variable)" }
            if let file, file.keys.contains(key) { return "file \(file.path)" }
            return "default"
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let listen = "\(host):\(configuration.port)"
        let roots = configuration.appleRoots.isEmpty ? "none" : configuration.appleRoots.joined(separator: ", ")
        let tls = configuration.tls.map { "\($0.certificate) and \($0.key)" } ?? "none (plain HTTP)"
        return [
            ValueSource(
                setting: "listen", value: listen,
                from: from(flag: flags.listen, "listen", variable: "AGEKIT_LISTEN", key: "listen")),
            ValueSource(
                setting: "data directory", value: configuration.dataDirectory,
                from: from(flag: flags.dataDirectory, "data-dir", variable: "AGEKIT_DATA_DIR", key: "dataDirectory")),
            ValueSource(
                setting: "store", value: StoreURL.redacted(configuration.storeURL),
                from: from(flag: flags.store, "store", variable: "AGEKIT_STORE", key: "store")),
            ValueSource(
                setting: "apple roots", value: roots,
                from: from(flag: nil, nil, variable: "AGEKIT_APPLE_ROOTS", key: "appleRootCertificates")),
            ValueSource(
                setting: "tls", value: tls, from: from(flag: nil, nil, variable: "AGEKIT_TLS_CERT", key: "tls")),
            ValueSource(
                setting: "local testing", value: configuration.localTesting ? "on" : "off",
                from: file.map { "file \($0.path)" + ($0.keys.contains("localTesting") ? "" : " (off unless set)") }
                    ?? "default"),
        ]
    }

    /// The top-level keys of a JSON object file; empty when it is not one.
    static func keys(ofFile path: String) -> Set<String> {
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [] }
        return Set(object.keys)
    }
}
