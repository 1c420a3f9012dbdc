import AgeGating
import AgeKitSimulator
import AgeSignals

/// What every simulating command says about its scenario, under the JSON key `scenario`: the
/// day, place and device, which of the region's dates the answer follows, the defaults used,
/// the options not honoured, the cadence rule in force and the saved answer. The same options
/// give the same facts in every command.
package struct ScenarioFacts: Encodable, Equatable {
    package var date: String
    package var region: String
    /// Whether the system follows Apple's rollout or the law's date here, and if it applies.
    package var regionRule: RegionStanding
    package var platform: String
    package var os: String
    package var defaults: [String]
    package var notHonoured: [String]
    /// The cadence rule in force: the region's where it applies, tightened by the app's.
    package var cadence: String
    package var savedAnswer: String?

    package init(_ options: ScenarioOptions, appCadence: CadenceRule?) {
        date = options.today.description
        region = options.region.id
        regionRule = options.region.standing(of: options.person, on: options.today)
        platform = options.capabilities.platform.rawValue
        os = options.capabilities.os.description
        defaults = options.defaults
        notHonoured = options.notHonoured
        let region = options.region.applying(to: options.person)
        cadence = CadenceRule.inForce(app: appCadence, region: region.cadenceRule(on: options.today)).description
        savedAnswer = options.saved?.rawValue
    }
}
