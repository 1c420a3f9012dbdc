import AgeSignals
import Foundation

/// An app's age needs as data: its gates, its features' requirements and its cadence rule.
/// Read from JSON (format in the module guide), so tools and tests share one description:
///
/// ```json
/// {"gates": [13, 16, 18], "cadence": "every-launch",
///  "features": {"messages": {"minimumAge": 16, "blockedByCommunicationLimits": true}}}
/// ```
public struct AppProfile: Hashable, Sendable {
    /// One named feature.
    public struct Feature: Hashable, Sendable {
        /// The name the app and the profile's JSON use for the feature.
        public var name: String
        /// What the feature needs from the age policy.
        public var requirement: FeatureRequirement

        /// A feature with its requirement.
        public init(name: String, requirement: FeatureRequirement) {
            self.name = name
            self.requirement = requirement
        }
    }

    /// The ages the app asks about.
    public var gates: AgeGates
    /// The features, sorted by name.
    public var features: [Feature]
    /// When the app asks the system at launch.
    public var cadence: CadenceRule

    /// A profile; the features are sorted by name.
    public init(gates: AgeGates, features: [Feature], cadence: CadenceRule = .everyLaunchWhenRequired) {
        self.gates = gates
        self.features = features.sorted { $0.name < $1.name }
        self.cadence = cadence
    }

    /// A record shop with community notes (13+), messaging (16+, closed by communication
    /// limits), a marketplace (18+) and payouts (confirmed adults).
    public static let example = AppProfile(
        gates: try! AgeGates([13, 16, 18]),
        features: [
            Feature(name: "notes", requirement: FeatureRequirement(minimumAge: 13)),
            Feature(
                name: "messages", requirement: FeatureRequirement(minimumAge: 16, blockedByCommunicationLimits: true)),
            Feature(name: "market", requirement: FeatureRequirement(minimumAge: 18)),
            Feature(name: "payouts", requirement: FeatureRequirement(minimumAge: 18, requiresConfirmedAdult: true)),
        ])

    /// Parses a profile. Unknown keys, wrong types, invalid gates and negative ages are
    /// rejected with a reason naming the culprit.
    public init(json: Data) throws(AgeGatingError) {
        let file: ProfileFile
        do {
            file = try JSONDecoder().decode(ProfileFile.self, from: json)
        } catch let error as AgeGatingError {
            throw error
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
            let DecodingError.keyNotFound(_, context)
        {
            throw AgeGatingError(.invalidProfile, "\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw AgeGatingError(.invalidProfile, "the profile is not valid JSON")
        }
        let gates: AgeGates
        do {
            gates = try AgeGates(file.gates)
        } catch {
            throw AgeGatingError(.invalidProfile, "gates: \(error.reason)")
        }
        var cadence = CadenceRule.everyLaunchWhenRequired
        if let text = file.cadence {
            do {
                cadence = try CadenceRule(parsing: text)
            } catch {
                throw AgeGatingError(.invalidProfile, "cadence: \(error.reason)")
            }
        }
        self.init(gates: gates, features: file.features, cadence: cadence)
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty
            ? "the profile" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

/// Any key, so unknown ones can be named in the error.
private struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

private func rejectUnknownKeys(
    _ container: KeyedDecodingContainer<AnyKey>, allowed: [String], in place: String
)
    throws(AgeGatingError)
{
    if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !allowed.contains($0) }) {
        throw AgeGatingError(
            .invalidProfile, "\(place) has an unknown key '\(unknown)' (known: \(allowed.joined(separator: ", ")))")
    }
}

private struct ProfileFile: Decodable {
    var gates: [Int]
    var features: [AppProfile.Feature]
    var cadence: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        try rejectUnknownKeys(container, allowed: ["cadence", "features", "gates"], in: "the profile")
        gates = try container.decode([Int].self, forKey: AnyKey(stringValue: "gates"))
        cadence = try container.decodeIfPresent(String.self, forKey: AnyKey(stringValue: "cadence"))
        let featureContainer = try container.nestedContainer(
            keyedBy: AnyKey.self, forKey: AnyKey(stringValue: "features"))
        features = []
        for key in featureContainer.allKeys {
            let place = "feature '\(key.stringValue)'"
            let object = try featureContainer.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            let known = ["blockedByCommunicationLimits", "minimumAge", "requiresConfirmedAdult"]
            try rejectUnknownKeys(object, allowed: known, in: place)
            let minimum = try object.decodeIfPresent(Int.self, forKey: AnyKey(stringValue: known[1]))
            if let minimum, minimum < 0 {
                throw AgeGatingError(.invalidProfile, "\(place): minimumAge \(minimum) is negative")
            }
            let requirement = FeatureRequirement(
                minimumAge: minimum,
                blockedByCommunicationLimits: try object.decodeIfPresent(
                    Bool.self, forKey: AnyKey(stringValue: known[0]))
                    ?? false,
                requiresConfirmedAdult: try object.decodeIfPresent(Bool.self, forKey: AnyKey(stringValue: known[2]))
                    ?? false)
            features.append(AppProfile.Feature(name: key.stringValue, requirement: requirement))
        }
    }
}
