import AgeGating
import AgeKitSimulator
import AgeSignals

/// What every simulating command says about its scenario, under the JSON key `scenario`: the
/// day, place and device, the defaults used, the options not honoured, the cadence rule in
/// force and the saved answer. The same options give the same facts in every command.
struct ScenarioFacts: Encodable, Equatable {
    var date: String
    var region: String
    var platform: String
    var os: String
    var defaults: [String]
    var notHonoured: [String]
    /// The cadence rule in force: the region's while its law applies, tightened by the app's.
    var cadence: String
    var savedAnswer: String?

    init(_ options: ScenarioOptions, appCadence: CadenceRule?) {
        date = options.today.description
        region = options.region.id
        platform = options.capabilities.platform.rawValue
        os = options.capabilities.os.description
        defaults = options.defaults
        notHonoured = options.notHonoured
        let region = options.region.applying(to: options.person)
        cadence = CadenceRule.inForce(app: appCadence, region: region.cadenceRule(on: options.today)).description
        savedAnswer = options.saved?.rawValue
    }
}
