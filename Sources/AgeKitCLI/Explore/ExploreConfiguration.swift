import AgeGating
import Foundation
import PrivacyLaunch
import SignificantChanges

/// The app's own configuration the explorer runs: the app profile of `agekit age`, the owner
/// settings of `agekit launch` and the change catalog of `agekit changes`. Each comes from a
/// file or, without one, from the built-in example.
struct ExploreConfiguration: Sendable {
    var profile: AppProfile
    var settings: OwnerSettings
    var catalog: ChangeCatalog
    var routing: RoutingSettings
    /// Where each part came from: a file name or "built-in".
    var sources: [String: String]

    static let builtIn = "built-in"

    /// The built-in examples: the example profile, the default owner settings and the
    /// catalog of docs/examples/changes.json.
    static var example: ExploreConfiguration {
        ExploreConfiguration(
            profile: .example, settings: OwnerSettings(), catalog: exampleCatalog, routing: .standard,
            sources: ["profile": builtIn, "owner": builtIn, "catalog": builtIn])
    }

    /// The catalog `docs/examples/changes.json` documents, built in so no file is needed.
    static let exampleCatalog: ChangeCatalog = {
        let json = """
            {
              "appVersion": "1.10",
              "ratingChange": {
                "description": "The app's App Store age rating changed; check the new rating before your child keeps using the app",
                "scope": "app"
              },
              "changes": [
                {"id": "direct-messages", "introducedIn": "1.2", "introducedInBuild": "31",
                 "description": "Adds direct messages between people who follow each other", "scope": ["messages"]},
                {"id": "video-calls-location", "introducedIn": "1.10", "introducedInBuild": "64",
                 "description": "Adds video calling and sharing your location with friends", "scope": ["calls", "map"]},
                {"id": "public-profiles", "introducedIn": "1.9", "introducedInBuild": "57",
                 "description": "Makes profiles visible to everyone, including the profile photo and display name",
                 "scope": "app"}
              ]
            }
            """
        return try! ChangeCatalog(json: Data(json.utf8))
    }()

    /// Loads the files named (nil keeps the example); errors name the file and the reason.
    static func load(
        profile: String?, owner: String?, catalog: String?, console: Console
    ) throws(CLIError)
        -> ExploreConfiguration
    {
        var configuration = example
        if let profile {
            configuration.profile = try AgeScenario.loadProfile(profile, console: console)
            configuration.sources["profile"] = profile
        }
        if let owner {
            configuration.settings = try LaunchOptions.loadSettings(owner) { path in
                try Data(contentsOf: URL(fileURLWithPath: path))
            }
            configuration.sources["owner"] = owner
        }
        if let catalog {
            configuration.catalog = try ChangesOptions.loadCatalog(catalog)
            configuration.sources["catalog"] = catalog
        }
        return configuration
    }
}
