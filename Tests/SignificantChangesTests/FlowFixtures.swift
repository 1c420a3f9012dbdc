import AgeKitSimulator
import AgeSignals
import Foundation
import SignificantChanges

/// Catalogs, times and helpers shared by the flow tests.
enum Fixtures {
    static let t0 = Date(timeIntervalSince1970: 1_781_773_200)
    static let minute: TimeInterval = 60
    static let hour: TimeInterval = 3600
    static let parental: Set<RegulatoryFeature> = [
        .declaredAgeRangeRequired, .significantAppChangeRequiresParentalConsent,
    ]
    static let notification: Set<RegulatoryFeature> = [.significantAppChangeRequiresAdultNotification]
    static let iOS = PlatformCapabilities(platform: .iOS, os: OSVersion(26, 4))

    /// A change whose build is numbered like its version (so `installed` reads the same on
    /// every platform); rule 1's tests give builds of their own.
    static func change(_ id: String, _ version: String, scope: ChangeScope = .wholeApp) -> SignificantChange {
        try! SignificantChange(
            id: id, introducedIn: AppVersion(parsing: version), introducedInBuild: AppVersion(parsing: version),
            description: "Adds \(id) for everyone in the app", scope: scope)
    }

    /// calls (1.10, features calls and map) and profiles (1.9, whole app).
    static let catalog = try! ChangeCatalog(changes: [
        change("calls", "1.10", scope: .features(["calls", "map"])), change("profiles", "1.9"),
    ])

    static let single = try! ChangeCatalog(changes: [change("calls", "1.10", scope: .features(["calls"]))])

    static func flow(
        _ catalog: ChangeCatalog = single, installed: String? = nil, capabilities: PlatformCapabilities = iOS,
        settings: RoutingSettings = .standard, timeout: TimeInterval = 2 * hour, ledger: [String: LedgerEntry] = [:]
    ) -> SignificantChangeFlow {
        SignificantChangeFlow(
            catalog: catalog, originalVersion: installed.map { try! AppVersion(parsing: $0) },
            router: ConsentRouter(settings: settings, capabilities: capabilities), requestTimeout: timeout,
            ledger: ledger)
    }

    static func scenario(
        _ catalog: ChangeCatalog = single, subject: ConsentSubject = .minor,
        features: Set<RegulatoryFeature> = parental,
        guardian: GuardianBehavior = .approve(after: 5 * 60), installed: String? = nil, ratingCodes: [Int?] = [],
        capabilities: PlatformCapabilities = iOS, timeout: TimeInterval = 2 * hour
    ) -> ConsentScenario {
        ConsentScenario(
            catalog: catalog, originalVersion: installed.map { try! AppVersion(parsing: $0) }, subject: subject,
            features: features, capabilities: capabilities, ratingCodes: ratingCodes, guardian: guardian,
            requestTimeout: timeout, start: t0)
    }
}

extension Array where Element == SignificantChangeFlow.Action {
    /// The questions asked in these actions.
    var questions: [GuardianQuestion] {
        compactMap { action in
            if case .askGuardian(let question) = action { question } else { nil }
        }
    }

    var names: [String] { map(\.summary.name) }
}

extension Array where Element == TimelineEntry {
    var names: [String] { map(\.summary.name) }
}
