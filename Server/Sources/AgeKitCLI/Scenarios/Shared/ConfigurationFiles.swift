import AgeGating
import AgeKitScenarios
import Foundation
import PrivacyLaunch
import SignificantChanges

/// The app's configuration files the simulating commands read: the app profile (`--profile`),
/// the owner settings (`--owner`) and the change catalog (`--catalog`). The library decodes
/// them; an unreadable file is named here, an invalid one with the library's code and reason.
enum ConfigurationFiles {
    /// `-` reads standard input.
    static func profile(_ path: String, console: Console) throws(CLIError) -> AppProfile {
        let data: Data
        if path == "-" {
            guard let bytes = console.readInput() else {
                throw .failure(code: "unreadable_profile", message: "cannot read the profile from standard input")
            }
            data = Data(bytes)
        } else {
            data = try read(path, code: "unreadable_profile", "cannot read the profile '\(path)'")
        }
        return try decoded(path) { () throws(ScenarioError) in try ExploreConfiguration.profile(json: data) }
    }

    static func settings(_ path: String) throws(CLIError) -> OwnerSettings {
        let data = try read(
            path, code: "unreadable_owner_file", "cannot read the owner settings file '\(path)'")
        return try decoded(path) { () throws(ScenarioError) in try ExploreConfiguration.settings(json: data) }
    }

    static func catalog(_ path: String) throws(CLIError) -> ChangeCatalog {
        let data = try read(path, code: "catalog_unreadable", "cannot read the catalog '\(path)'")
        return try decoded(path) { () throws(ScenarioError) in try ExploreConfiguration.catalog(json: data) }
    }

    /// The explorer's configuration: the files named, the built-in example for the others.
    static func explorer(
        profile: String?, owner: String?, catalog: String?, console: Console
    ) throws(CLIError) -> ExploreConfiguration {
        var configuration = ExploreConfiguration.example
        if let profile {
            configuration.profile = try Self.profile(profile, console: console)
            configuration.sources["profile"] = profile
        }
        if let owner {
            configuration.settings = try settings(owner)
            configuration.sources["owner"] = owner
        }
        if let catalog {
            configuration.catalog = try Self.catalog(catalog)
            configuration.sources["catalog"] = catalog
        }
        return configuration
    }

    static func read(_ path: String, code: String, _ message: String) throws(CLIError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .failure(code: code, message: message)
        }
    }

    private static func decoded<T>(_ path: String, _ decode: () throws(ScenarioError) -> T) throws(CLIError) -> T {
        do throws(ScenarioError) {
            return try decode()
        } catch {
            throw .failure(code: error.code, message: "\(path): \(error.reason)")
        }
    }
}
