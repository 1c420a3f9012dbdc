import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// What `agekit changes --answer` simulates.
enum AgeAnswerKind: String, CaseIterable {
    case shared, declined, unavailable
}

/// The parsed options of `agekit changes`; every bad value names its option.
struct ChangesOptions {
    var catalogPath: String
    /// The person, device, region, day and faults, as every simulating command reads them.
    var scenario: ScenarioOptions
    var originalVersion: AppVersion?
    /// Why the original version given cannot exempt anything (it does not parse).
    var originalVersionNote: String?
    /// What the age request gives: the persona's shared range, a decline, or no answer.
    var ageAnswer: AgeAnswerKind
    var ratingCodes: [Int?]
    var guardianName: String?
    var guardian: GuardianBehavior?
    var settings: RoutingSettings
    var timeoutHours: Double
    var json: Bool

    var capabilities: PlatformCapabilities { scenario.capabilities }
    var region: Region { scenario.region }

    static let valued: Set<String> = ScenarioOptions.valued.union([
        "catalog", "original-version", "rating-codes", "guardian", "timeout-hours", "unconfirmed-adult", "declined",
        "answer",
    ])

    init(_ arguments: [String]) throws(CLIError) {
        let parsed = try Arguments(arguments, valued: Self.valued, flags: ScenarioOptions.flags.union(["json"]))
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        catalogPath = try parsed.required("catalog")
        scenario = try ScenarioOptions(parsed)
        if let text = parsed.value("original-version") {
            // A value that does not parse exempts nothing, and the report says so.
            do throws(SignificantChangesError) {
                originalVersion = try AppVersion(parsing: text)
            } catch {
                originalVersionNote = "original version '\(text)' cannot be compared: nothing is exempt"
            }
        }
        guard let answer = AgeAnswerKind(rawValue: parsed.value("answer") ?? "shared") else {
            throw .usage("--answer: '\(parsed.value("answer") ?? "")' is not shared, declined or unavailable")
        }
        ageAnswer = parsed.flag("declines") && answer == .shared ? .declined : answer
        switch answer {
        case .shared: break
        case .declined: scenario.declines(option: "--answer declined")
        case .unavailable: scenario.faults.request = .error(.notAvailable)
        }
        for option in ["saved", "last-asked"] where parsed.value(option) != nil {
            scenario.notHonoured.append(
                "--\(option): the change flow keeps no age answer and asks no age range at launch")
        }
        if let text = parsed.value("rating-codes") {
            do throws(SimulatorConsentError) {
                ratingCodes = try RatingCodeSequence(parsing: text).codes
            } catch {
                throw .usage("--rating-codes: \(error.reason)")
            }
        } else {
            ratingCodes = []
        }
        guardianName = parsed.value("guardian")
        if let name = guardianName {
            guard let behavior = GuardianBehavior(name: name) else {
                throw .usage(
                    "--guardian: '\(name)' is not one of \(GuardianBehavior.names.joined(separator: ", "))")
            }
            guardian = behavior
        }
        settings = RoutingSettings()
        if let text = parsed.value("unconfirmed-adult") {
            guard let value = RoutingSettings.UnconfirmedAdult(rawValue: text) else {
                throw .usage("--unconfirmed-adult: '\(text)' is not acknowledge or blockUntilVerified")
            }
            settings.unconfirmedAdult = value
        }
        if let text = parsed.value("declined") {
            guard let value = RoutingSettings.DeclinedOrUnavailable(rawValue: text) else {
                throw .usage("--declined: '\(text)' is not blockWithRetry or acknowledge")
            }
            settings.declinedOrUnavailable = value
        }
        timeoutHours =
            try parsed.value("timeout-hours", as: "a positive number of hours") { text in
                Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            } ?? GuardianRequest.defaultTimeout / 3600
        json = parsed.flag("json")
    }

    /// Reads and validates the catalog file.
    func loadCatalog() throws(CLIError) -> ChangeCatalog {
        try Self.loadCatalog(catalogPath)
    }

    /// Reads and validates a catalog file; the error names the file and the reason.
    static func loadCatalog(_ path: String) throws(CLIError) -> ChangeCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .failure(code: "catalog_unreadable", message: "cannot read the catalog '\(path)'")
        }
        do throws(SignificantChangesError) {
            return try ChangeCatalog(json: data)
        } catch {
            throw .failure(code: error.code.rawValue, message: "\(path): \(error.reason)")
        }
    }
}
