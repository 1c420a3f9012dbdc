import AgeGating
import Foundation
import PrivacyLaunch
import SignificantChanges

/// The app's own configuration the explorer runs: the app profile of `agekit age`, the owner
/// settings of `agekit launch` and the change catalog of `agekit changes`. Each comes from a
/// file or, without one, from the built-in example.
public struct ExploreConfiguration: Sendable {
    /// The app profile, as `agekit age` reads it: gates, cadence and gated features.
    public var profile: AppProfile
    /// The owner settings, as `agekit launch` reads them.
    public var settings: OwnerSettings
    /// The significant changes, as `agekit changes` reads them.
    public var catalog: ChangeCatalog
    /// How the app routes a significant change.
    public var routing: RoutingSettings
    /// Where each part came from: a file name or "built-in".
    public var sources: [String: String]

    package init(
        profile: AppProfile, settings: OwnerSettings, catalog: ChangeCatalog, routing: RoutingSettings,
        sources: [String: String]
    ) {
        self.profile = profile
        self.settings = settings
        self.catalog = catalog
        self.routing = routing
        self.sources = sources
    }

    package static let builtIn = "built-in"

    /// The built-in examples: the example profile, the default owner settings and the
    /// catalog of docs/examples/changes.json.
    public static var example: ExploreConfiguration {
        ExploreConfiguration(
            profile: .example, settings: OwnerSettings(), catalog: exampleCatalog, routing: .standard,
            sources: ["profile": builtIn, "owner": builtIn, "catalog": builtIn])
    }

    /// The catalog `docs/examples/changes.json` documents, built in so no file is needed.
    public static let exampleCatalog: ChangeCatalog = {
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

    /// The parts given as JSON (nil keeps the example's part), as an app's tests read them from
    /// their bundle; an invalid part throws the code and reason of the module that refused it.
    public init(
        profileJSON: Data? = nil, ownerJSON: Data? = nil, catalogJSON: Data? = nil, routing: RoutingSettings = .standard
    ) throws(ScenarioError) {
        self = .example
        self.routing = routing
        if let profileJSON {
            profile = try Self.profile(json: profileJSON)
            sources["profile"] = "given"
        }
        if let ownerJSON {
            settings = try Self.settings(json: ownerJSON)
            sources["owner"] = "given"
        }
        if let catalogJSON {
            catalog = try Self.catalog(json: catalogJSON)
            sources["catalog"] = "given"
        }
    }

    /// An app profile (`agekit age --profile`).
    package static func profile(json: Data) throws(ScenarioError) -> AppProfile {
        do {
            return try AppProfile(json: json)
        } catch {
            throw ScenarioError(code: error.code.rawValue, reason: error.reason)
        }
    }

    /// Owner settings (`agekit launch --owner`).
    package static func settings(json: Data) throws(ScenarioError) -> OwnerSettings {
        do {
            return try JSONDecoder().decode(OwnerSettings.self, from: json)
        } catch let error as PrivacyLaunchError {
            throw ScenarioError(code: error.code.rawValue, reason: error.reason)
        } catch {
            throw ScenarioError(code: PrivacyLaunchError.Code.malformedSettings.rawValue, reason: "not valid JSON")
        }
    }

    /// A change catalog (`agekit changes --catalog`).
    package static func catalog(json: Data) throws(ScenarioError) -> ChangeCatalog {
        do throws(SignificantChangesError) {
            return try ChangeCatalog(json: json)
        } catch {
            throw ScenarioError(code: error.code.rawValue, reason: error.reason)
        }
    }
}
